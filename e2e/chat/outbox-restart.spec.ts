import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "../support/fixtures.js";
import { fetchMe, signInThroughApi } from "../support/accounts.js";
import { newPhoneContext } from "../support/browser.js";
import { freePort, startProduct, type Product } from "../support/product.js";
import { ChatPage } from "../pages/chat-page.js";
import { DEMO, matchedOrder, type Party } from "../trading/parties.js";

/*
 * The server goes down while the browser stays online: no `online` event will ever fire. A message
 * typed meanwhile waits in the outbox, and goes out by itself once the socket is back, once.
 */
describe("the chat outbox across a server restart", () => {
  test("a message typed while the server was down is sent when the socket comes back, without a tap", { timeout: 180_000 }, async ({ browser }) => {
    const dataDir = mkdtempSync(join(tmpdir(), "p2p-e2e-outbox-"));
    const port = String(await freePort());
    let product: Product = await startProduct({ dataDir, env: { PORT: port } });
    try {
      const join = async (account: { email: string; password: string }): Promise<Party> => {
        const [{ username }, context] = await Promise.all([fetchMe(product.url, account), newPhoneContext(browser, product.url)]);
        await signInThroughApi(context, account);
        return { username, email: account.email, context, page: await context.newPage() };
      };
      const user = await join(DEMO.tunde);
      const merchant = await join(DEMO.emeka);
      const orderId = await matchedOrder(user, (await fetchMe(product.url, DEMO.emeka)).id, merchant);
      const chat = new ChatPage(user.page);
      await chat.open(orderId);

      await product.stop();
      const text = "Sent while the server was down";
      await chat.input().fill(text);
      await user.page.getByRole("button", { name: "Send", exact: true }).click();
      const waiting = chat.log().getByRole("status").filter({ hasText: "Waiting to send" });
      await waiting.waitFor();

      product = await startProduct({ dataDir, env: { PORT: port } });
      // The socket reconnects on its own backoff; the outbox follows it, no Retry tapped. The
      // message can show as sent (its realtime event) a moment before the send's own answer takes
      // it out of the outbox, and the log may re-render meanwhile: what must hold is the end, one
      // message shown and nothing waiting.
      await expect
        .poll(async () => ({ waiting: await waiting.count(), shown: await chat.message(text).count() }), { timeout: 30_000 })
        .toEqual({ waiting: 0, shown: 1 });

      const merchantChat = new ChatPage(merchant.page);
      await merchantChat.open(orderId);
      await merchantChat.expectMessage(text);
      const history = await merchant.context.request.get(`/api/orders/${orderId}/messages`);
      const { messages } = (await history.json()) as { messages: { content: string | null }[] };
      expect(messages.filter((m) => m.content === text)).toHaveLength(1);
      for (const party of [user, merchant]) await party.context.close();
    } finally {
      await product.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
