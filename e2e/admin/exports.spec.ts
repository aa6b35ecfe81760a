import { readFile } from "node:fs/promises";
import { describe, expect, test } from "../support/fixtures.js";
import { AdminPanel } from "../pages/admin-panel.js";
import { DEMO, joinAs } from "../trading/parties.js";

describe("admin CSV exports", () => {
  test("the admin searches the users and downloads the list they see as a CSV file", async ({ app, signedInUser, openContext }) => {
    const admin = await joinAs(app, openContext, DEMO.admin);
    const panel = new AdminPanel(admin.page);
    await panel.open();
    const section = await panel.openSection("Users");
    await section.getByLabel("Search", { exact: true }).fill(signedInUser.username);
    // The list narrows to the one account once the search is applied (it waits for typing to pause).
    const accounts = section.getByRole("list", { name: "Accounts" }).getByRole("button");
    await expect.poll(() => accounts.allTextContents()).toEqual([expect.stringContaining(signedInUser.username)]);

    const [download] = await Promise.all([
      admin.page.waitForEvent("download"),
      section.getByRole("button", { name: "Export CSV", exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`users-${new Date().toISOString().slice(0, 10)}.csv`);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").split("\r\n");
    expect(lines[0]).toMatch(/^id,username,full_name,email,/);
    // The search applied on screen is the export's filter: this one account and the empty end.
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`,${signedInUser.username},`);
    expect(lines[1]).toContain(signedInUser.email);
  });
});
