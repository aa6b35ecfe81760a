import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { adminMerchantApplicationListResponse, myMerchantApplicationResponse } from "@p2p/shared";
import { auditLog, merchantApplications, notifications, userRoles } from "../db/schema.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, call, type TestUser } from "../../test/fixtures.js";
import { getJson, postJson, rowCount } from "../../test/trading-fixtures.js";

/** A real 1×1 PNG. */
export const PNG_DATA_URL = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

export const APPLICATION = {
  business_name: "Ada Coins Ltd",
  contact_name: "Ada Obi",
  contact_phone: "+2348012345678",
  contact_email: "ada@example.test",
  coins: ["PI", "USDT"],
  bank_name: "GTBank",
  account_number: "0123456789",
  account_name: "Ada Coins Ltd",
  id_document: PNG_DATA_URL,
  accept_agreement: true,
};

let server: TestServer;
let admin: TestUser;
const newUser = (role?: "user" | "merchant" | "admin") => createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role });
const roleOf = async (id: string) => (await server.ctx.db.select().from(userRoles).where(eq(userRoles.userId, id)))[0]!.role;
const apply = (user: TestUser | null, body: unknown = APPLICATION) => postJson(server.url, user?.token ?? null, "/api/merchant-application", body);

beforeAll(async () => {
  server = await startTestServer();
  admin = await newUser("admin");
});
afterAll(() => server.stop());

describe("POST /api/merchant-application", () => {
  it("needs a signed-in user; merchants and admins have nothing to apply for", async () => {
    expect((await apply(null)).status).toBe(401);
    const merchant = await newUser("merchant");
    const res = await apply(merchant);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe("You are already a merchant.");
    expect((await apply(admin)).status).toBe(409);
    expect(await rowCount(server.ctx.db, "merchant_applications")).toBe(0);
  });

  it("refuses bad input with a clear 400 and writes nothing", async () => {
    const user = await newUser();
    const cases: [Record<string, unknown>, string][] = [
      [{ accept_agreement: false }, "Please accept the Merchant Agreement to apply"],
      [{ coins: [] }, "Choose at least one coin to trade"],
      [{ coins: ["PI", "PI"] }, "Each coin can be chosen once"],
      [{ coins: ["DOGE"] }, "Unknown coin"],
      [{ account_number: "123" }, "Enter the 10-digit NUBAN account number"],
      [{ business_name: "   " }, "Business name is required"],
      [{ contact_email: "nope" }, "Enter a valid email address"],
      [{ id_document: "data:text/plain;base64,aGVsbG8=" }, "The ID document must be a PNG, JPEG or WebP image"],
      // Labelled a PNG, but its bytes are text: refused by content.
      [
        { id_document: `data:image/png;base64,${Buffer.from("not an image at all, only some words here").toString("base64")}` },
        "The ID document must be a PNG, JPEG or WebP image",
      ],
    ];
    for (const [patch, message] of cases) {
      const res = await apply(user, { ...APPLICATION, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_FAILED");
      expect(res.body.error.message).toContain(message);
    }
    const { id_document: _omit, ...missing } = APPLICATION;
    expect((await apply(user, missing)).body.error.message).toContain("Attach a photo of your ID document");
    expect((await apply(user, { ...APPLICATION, extra: 1 })).status).toBe(400);
    expect(await rowCount(server.ctx.db, "merchant_applications")).toBe(0);
  });

  it("keeps one pending application per user, shows it, and allows a new one after a rejection", async () => {
    const user = await newUser();
    expect((await getJson(server.url, user.token, "/api/merchant-application")).body).toEqual({ application: null });
    const sent = await apply(user);
    expect(sent.status).toBe(201);
    expect(sent.body.application).toMatchObject({ status: "pending", business_name: "Ada Coins Ltd", coins: ["PI", "USDT"], reject_reason: null });
    expect(sent.body.application).not.toHaveProperty("id_document");

    const twice = await apply(user);
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe("You already have an application waiting for review.");
    // Two at once: the unique index lets only one through.
    const racer = await newUser();
    const raced = await Promise.all([apply(racer), apply(racer)]);
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409]);

    const mine = myMerchantApplicationResponse.parse((await getJson(server.url, user.token, "/api/merchant-application")).body);
    expect(mine.application!.id).toBe(sent.body.application.id);

    const rejected = await postJson(server.url, admin.token, `/api/admin/merchant-applications/${sent.body.application.id}/reject`, {
      reason: "The ID photo is blurred",
    });
    expect(rejected.status).toBe(200);
    const after = (await getJson(server.url, user.token, "/api/merchant-application")).body.application;
    expect(after).toMatchObject({ status: "rejected", reject_reason: "The ID photo is blurred" });
    const again = await apply(user, { ...APPLICATION, business_name: "Ada Coins Two" });
    expect(again.status).toBe(201);
    expect((await getJson(server.url, user.token, "/api/merchant-application")).body.application.business_name).toBe("Ada Coins Two");
  });
});

describe("admin review of merchant applications", () => {
  it("is for admins only, and other users never see someone else's application", async () => {
    const user = await newUser();
    const merchant = await newUser("merchant");
    const other = await newUser();
    const sent = await apply(user);
    const id = sent.body.application.id as string;
    for (const caller of [null, user, merchant, other]) {
      const token = caller?.token ?? null;
      const expected = caller ? 403 : 401;
      expect((await getJson(server.url, token, "/api/admin/merchant-applications")).status).toBe(expected);
      expect((await call(server.url, token, `/api/admin/merchant-applications/${id}/document`)).status).toBe(expected);
      expect((await postJson(server.url, token, `/api/admin/merchant-applications/${id}/approve`)).status).toBe(expected);
      expect((await postJson(server.url, token, `/api/admin/merchant-applications/${id}/reject`, { reason: "No thanks" })).status).toBe(expected);
    }
    // /api/merchant-application answers with the caller's own application only.
    expect((await getJson(server.url, other.token, "/api/merchant-application")).body.application).toBeNull();
    expect(await roleOf(user.id)).toBe("user");
    await postJson(server.url, admin.token, `/api/admin/merchant-applications/${id}/reject`, { reason: "Cleanup" });
  });

  it("lists the queue oldest first with the applicant, and serves the ID image to admins", async () => {
    const first = await newUser();
    const second = await newUser();
    const a = (await apply(first)).body.application.id;
    const b = (await apply(second)).body.application.id;
    const page = adminMerchantApplicationListResponse.parse((await getJson(server.url, admin.token, "/api/admin/merchant-applications")).body);
    const ids = page.applications.map((x) => x.id);
    expect(ids.indexOf(a)).toBeLessThan(ids.indexOf(b));
    expect(page.applications.find((x) => x.id === a)!.user).toMatchObject({ id: first.id, username: first.username, role: "user" });

    const image = await call(server.url, admin.token, page.applications.find((x) => x.id === a)!.id_document_url);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    // The image encoded again on receipt (no metadata, none of the sent bytes): still the 1×1 PNG.
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({ format: "png", width: 1, height: 1 });

    expect((await getJson(server.url, admin.token, "/api/admin/merchant-applications?status=nope")).status).toBe(400);
    expect((await call(server.url, admin.token, "/api/admin/merchant-applications/not-an-id/document")).status).toBe(404);
  });

  it("approval makes the user a merchant in the same transaction, notifies them and writes the audit row, once", async () => {
    const user = await newUser();
    const id = (await apply(user)).body.application.id as string;
    const [one, two] = await Promise.all([
      postJson(server.url, admin.token, `/api/admin/merchant-applications/${id}/approve`),
      postJson(server.url, admin.token, `/api/admin/merchant-applications/${id}/approve`),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    const loser = one.status === 409 ? one : two;
    expect(loser.body.error).toEqual({ code: "REQUEST_ALREADY_REVIEWED", message: "This application is already approved." });
    expect(await roleOf(user.id)).toBe("merchant");

    const notes = await server.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: "merchant_application", title: "Merchant Application Approved" });
    const audit = await server.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, action: "merchant_application.approved", targetType: "merchant_application" });
    expect(audit[0]!.data).toMatchObject({ user_id: user.id });

    // The user's session now answers as a merchant without signing in again.
    const me = await getJson(server.url, user.token, "/api/auth/session");
    expect(me.body.user.role).toBe("merchant");
    expect((await postJson(server.url, admin.token, `/api/admin/merchant-applications/${id}/reject`, { reason: "Too late" })).status).toBe(409);
  });

  it("rejection needs a reason, leaves the role alone and tells the user why", async () => {
    const user = await newUser();
    const id = (await apply(user)).body.application.id as string;
    const auditBefore = await rowCount(server.ctx.db, "audit_log");
    for (const body of [{}, { reason: "" }, { reason: "x".repeat(501) }]) {
      expect((await postJson(server.url, admin.token, `/api/admin/merchant-applications/${id}/reject`, body)).status).toBe(400);
    }
    expect(await rowCount(server.ctx.db, "audit_log")).toBe(auditBefore);
    const res = await postJson(server.url, admin.token, `/api/admin/merchant-applications/${id}/reject`, { reason: "Bank name does not match" });
    expect(res.body.application).toMatchObject({ status: "rejected", reject_reason: "Bank name does not match", reviewed_by: admin.id });
    expect(await roleOf(user.id)).toBe("user");
    const [note] = await server.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(note).toMatchObject({ type: "merchant_application", title: "Merchant Application Rejected" });
    expect(note!.message).toContain("Bank name does not match");
    const [row] = await server.ctx.db
      .select({ status: merchantApplications.status })
      .from(merchantApplications)
      .where(eq(merchantApplications.id, id));
    expect(row!.status).toBe("rejected");
    expect((await postJson(server.url, admin.token, "/api/admin/merchant-applications/00000000-0000-0000-0000-000000000000/approve")).status).toBe(
      404,
    );
  });
});
