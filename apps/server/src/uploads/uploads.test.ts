import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { chatListResponse, chatMessagesResponse, paymentProofsResponse, serverFrame, UPLOAD_MAX_BYTES, uploadResponse } from "@p2p/shared";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { getJson, postJson, putOffer, rowCount, tradeTo } from "../../test/trading-fixtures.js";
import { TestSocket } from "../../test/socket.js";
import { chatMessages, notifications, paymentProofs, uploads } from "../db/schema.js";
import { queryRows } from "../db/client.js";
import { UPLOADS_PER_10_MINUTES } from "../http/account-quota.js";

const image = (name: string) => readFileSync(new URL(`./test-images/${name}`, import.meta.url));
const PNG = image("receipt.png");
const JPEG = image("receipt.jpg");
const WEBP = image("receipt.webp");

let server: TestServer;
let admin: TestUser;
let user: TestUser;
let merchant: TestUser;
let stranger: TestUser;
const sockets: TestSocket[] = [];
const secret = () => server.ctx.config.sessionSecret;

async function upload(who: TestUser | null, bytes: Buffer | string, contentType = "image/png") {
  const res = await fetch(`${server.url}/api/uploads`, {
    method: "POST",
    headers: { ...(who ? { authorization: `Bearer ${who.token}` } : {}), "content-type": contentType },
    body: typeof bytes === "string" ? bytes : new Uint8Array(bytes),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
async function uploaded(who: TestUser, bytes = PNG): Promise<string> {
  const res = await upload(who, bytes);
  expect(res.status).toBe(201);
  return res.body.upload.id as string;
}
const fetchImage = (who: TestUser | null, id: string) =>
  fetch(`${server.url}/api/uploads/${id}`, { headers: who ? { authorization: `Bearer ${who.token}` } : {} });
const say = (who: TestUser, orderId: string, body: unknown) => postJson(server.url, who.token, `/api/orders/${orderId}/messages`, body);
const prove = (who: TestUser, orderId: string, body: unknown) => postJson(server.url, who.token, `/api/orders/${orderId}/proofs`, body);
const attachedTo = async (id: string) => (await server.ctx.db.select({ to: uploads.attachedTo }).from(uploads).where(eq(uploads.id, id)))[0]?.to;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_CHAT_PER_MINUTE: "1000" });
  admin = await createSignedInUser(server.ctx.db, secret(), { role: "admin" });
});
afterAll(() => server.stop());
beforeEach(async () => {
  user = await createSignedInUser(server.ctx.db, secret());
  merchant = await createSignedInUser(server.ctx.db, secret(), { role: "merchant" });
  stranger = await createSignedInUser(server.ctx.db, secret());
  await putOffer(server.ctx.db, merchant, "PI");
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});

describe("uploads", () => {
  it("accepts real PNG, JPEG and WebP images, typed by their bytes, and serves them back to the owner only", async () => {
    for (const [bytes, type] of [
      [PNG, "image/png"],
      [JPEG, "image/jpeg"],
      [WEBP, "image/webp"],
    ] as const) {
      // The declared type is only a gate: what is stored comes from the bytes.
      const res = await upload(user, bytes, "image/gif");
      expect(res.status).toBe(201);
      uploadResponse.parse(res.body);
      expect(res.body.upload).toMatchObject({
        content_type: type,
        width: 320,
        height: 200,
        url: `/api/uploads/${res.body.upload.id}`,
      });
      const served = await fetchImage(user, res.body.upload.id);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe(type);
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(served.headers.get("cache-control")).toMatch(/^private/);
      expect(served.headers.get("content-disposition")).toBe("inline");
      // What is served is the stored image (encoded again on upload), described by the answer.
      const servedBytes = Buffer.from(await served.arrayBuffer());
      expect(servedBytes.length).toBe(res.body.upload.byte_size);
      expect(createHash("sha256").update(servedBytes).digest("hex")).toBe(res.body.upload.sha256);

      // Nobody else sees an unattached upload, and the answer is the same as for a missing id.
      for (const other of [stranger, merchant, admin]) expect((await fetchImage(other, res.body.upload.id)).status).toBe(404);
    }
    expect((await fetchImage(user, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await fetchImage(user, "not-an-id")).status).toBe(404);
    expect((await fetchImage(null, "00000000-0000-4000-8000-000000000000")).status).toBe(401);
  });

  it("refuses renamed text, truncated images, oversized bodies and other types, writing nothing", async () => {
    const before = await rowCount(server.ctx.db, "uploads");
    const refusals: [Buffer | string, string, number, RegExp][] = [
      ["Transfer successful. Amount 50,000", "image/png", 415, /not a PNG, JPEG or WebP/],
      [PNG.subarray(0, PNG.length - 20), "image/png", 415, /damaged/],
      [PNG.subarray(0, 200), "image/png", 415, /damaged/],
      [JPEG.subarray(0, JPEG.length - 100), "image/jpeg", 415, /damaged/],
      [WEBP.subarray(0, WEBP.length - 1), "image/webp", 415, /damaged/],
      [Buffer.concat([PNG, Buffer.from("trailing")]), "image/png", 415, /damaged/],
      [PNG, "application/pdf", 415, /image\/png, image\/jpeg, image\/webp/],
      [PNG, "text/plain", 415, /image\/png/],
      [PNG, "application/json", 415, /image\/png/],
      [Buffer.alloc(0), "image/png", 415, /damaged/],
      [Buffer.concat([PNG, Buffer.alloc(UPLOAD_MAX_BYTES)]), "image/png", 413, /larger than 5 MB/],
    ];
    for (const [bytes, type, status, message] of refusals) {
      const res = await upload(user, bytes, type);
      expect(res.status, `${type} ${bytes.length}`).toBe(status);
      expect(res.body.error.code).toBe(status === 413 ? "PAYLOAD_TOO_LARGE" : "INVALID_IMAGE");
      expect(res.body.error.message).toMatch(message);
    }
    expect((await upload(null, PNG)).status).toBe(401);
    expect(await rowCount(server.ctx.db, "uploads")).toBe(before);
  });

  it("limits uploads per account", async () => {
    for (let i = 0; i < UPLOADS_PER_10_MINUTES; i++) await uploaded(user);
    const before = await rowCount(server.ctx.db, "uploads");
    const res = await upload(user, PNG);
    expect(res).toMatchObject({ status: 429, body: { error: { code: "RATE_LIMITED" } } });
    expect(await rowCount(server.ctx.db, "uploads")).toBe(before);
    expect((await upload(stranger, PNG)).status).toBe(201);
  });
});

describe("images in the order chat", () => {
  it("sends an image with or without text to the other party live, listed as Photo, counted unread and notified", async () => {
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    const socket = await TestSocket.connect(server.url, merchant.token);
    sockets.push(socket);
    await socket.waitFor((f) => f.type === "hello");
    expect(await socket.subscribe(`order:${orderId}`)).toMatchObject({ type: "subscribed" });

    const unreadBefore = (await getJson(server.url, merchant.token, "/api/chats")).body.chats[0].unread as number;
    const withText = await say(user, orderId, { content: "  Here is the receipt  ", upload_id: await uploaded(user) });
    expect(withText.status).toBe(201);
    expect(withText.body.message).toMatchObject({
      kind: "image",
      content: "Here is the receipt",
      image: { content_type: "image/png", width: 320, height: 200 },
    });
    const live = await socket.waitFor((f) => f.event === "chat.message" && f.payload.id === withText.body.message.id);
    expect(live.payload).toMatchObject({
      kind: "image",
      sender_id: user.id,
      image: { id: withText.body.message.image.id, url: withText.body.message.image.url },
    });
    expect(serverFrame.safeParse(live).success).toBe(true);

    const alone = await say(user, orderId, { upload_id: await uploaded(user, JPEG) });
    expect(alone.body.message).toMatchObject({ kind: "image", content: "", image: { content_type: "image/jpeg" } });

    // Both parties and admins see the attached image; a stranger still gets 404.
    const imageId = alone.body.message.image.id;
    for (const who of [user, merchant, admin]) expect((await fetchImage(who, imageId)).status).toBe(200);
    expect((await fetchImage(stranger, imageId)).status).toBe(404);

    const history = await getJson(server.url, merchant.token, `/api/orders/${orderId}/messages`);
    chatMessagesResponse.parse(history.body);
    expect(history.body.messages.slice(-2).map((m: { kind: string; image: { id: string } }) => [m.kind, m.image.id])).toEqual([
      ["image", withText.body.message.image.id],
      ["image", imageId],
    ]);
    const chats = await getJson(server.url, merchant.token, "/api/chats");
    chatListResponse.parse(chats.body);
    expect(chats.body.chats[0]).toMatchObject({ unread: unreadBefore + 2, last_message: { kind: "image", content: "", image: { id: imageId } } });
    expect((await getJson(server.url, merchant.token, "/api/badges")).body.order_chats).toBe(unreadBefore + 2);
    const notes = await server.ctx.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, merchant.id), eq(notifications.type, "new_message")));
    expect(notes.map((n) => n.message).sort()).toEqual(["Here is the receipt", "Photo"]);
  });

  it("writes an image message as a text message is written: the sender's read mark moves to it, an admin's in a dispute is on the record", async () => {
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "in_progress" });
    const sent = await say(user, orderId, { upload_id: await uploaded(user) });
    expect(sent.status).toBe(201);
    expect((await getJson(server.url, user.token, "/api/chats")).body.chats[0]).toMatchObject({ unread: 0, last_message: { kind: "image" } });

    await postJson(server.url, user.token, `/api/orders/${orderId}/appeal`, { reason: "No coins yet." });
    const judged = await say(admin, orderId, { content: "Checking this receipt", upload_id: await uploaded(admin) });
    expect(judged).toMatchObject({ status: 201, body: { message: { kind: "image", sender_id: admin.id } } });
    const audited = await getJson(server.url, admin.token, `/api/admin/audit-log?target=${orderId}&action=order_chat.`);
    expect(audited.body.entries.map((e: { action: string; actor: { id: string } }) => [e.action, e.actor.id])).toEqual([
      ["order_chat.admin_message", admin.id],
    ]);
    const notes = await server.ctx.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, merchant.id), eq(notifications.type, "new_message")));
    expect(notes.map((n) => n.message).sort()).toEqual(["Checking this receipt", "Photo"]);
  });

  it("refuses another user's upload (404) and an upload used twice, writing nothing", async () => {
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    const foreign = await uploaded(stranger);
    const before = await rowCount(server.ctx.db, "chat_messages");
    expect(await say(user, orderId, { content: "look", upload_id: foreign })).toMatchObject({ status: 404, body: { error: { code: "NOT_FOUND" } } });
    expect(await attachedTo(foreign)).toBeNull();
    expect((await say(user, orderId, { upload_id: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
    expect((await say(user, orderId, { upload_id: "nope" })).status).toBe(400);
    expect((await say(user, orderId, { content: "", upload_id: undefined })).status).toBe(400);

    const mine = await uploaded(user);
    expect((await say(user, orderId, { upload_id: mine })).status).toBe(201);
    expect((await say(user, orderId, { upload_id: mine })).status).toBe(409);
    // The merchant cannot reuse the user's image in their own message either.
    expect((await say(merchant, orderId, { upload_id: mine })).status).toBe(404);
    expect(await rowCount(server.ctx.db, "chat_messages")).toBe(before + 1);
    // A stranger cannot post in the chat at all, image or not.
    expect((await say(stranger, orderId, { upload_id: foreign })).status).toBe(404);
    expect(await attachedTo(foreign)).toBeNull();
  });
});

describe("payment proofs", () => {
  it("lets the buyer attach a proof once paid; it shows in the chat and for both parties and admins", async () => {
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "in_progress" });
    const socket = await TestSocket.connect(server.url, merchant.token);
    sockets.push(socket);
    await socket.waitFor((f) => f.type === "hello");
    await socket.subscribe(`order:${orderId}`);

    const uploadId = await uploaded(user);
    const res = await prove(user, orderId, { upload_id: uploadId, amount: "10000", reference: " FT2611220012 " });
    expect(res.status).toBe(201);
    expect(res.body.proof).toMatchObject({
      order_id: orderId,
      uploader_id: user.id,
      uploader_username: user.username,
      amount: "10000.00",
      reference: "FT2611220012",
      image: { id: uploadId },
    });
    const live = await socket.waitFor((f) => f.event === "chat.message" && f.payload.kind === "image");
    expect(live.payload).toMatchObject({
      id: res.body.proof.message_id,
      content: "Payment proof · ₦10,000.00 · Ref: FT2611220012",
      image: { id: uploadId },
    });
    expect(await attachedTo(uploadId)).toBe("payment_proof");

    const second = await prove(user, orderId, { upload_id: await uploaded(user, WEBP) });
    expect(second.status).toBe(201);
    expect(second.body.proof).toMatchObject({ amount: null, reference: null });

    for (const who of [user, merchant, admin]) {
      const list = await getJson(server.url, who.token, `/api/orders/${orderId}/proofs`);
      expect(list.status).toBe(200);
      paymentProofsResponse.parse(list.body);
      expect(list.body.proofs.map((p: { id: string }) => p.id)).toEqual([res.body.proof.id, second.body.proof.id]);
      expect((await fetchImage(who, uploadId)).status).toBe(200);
    }
    expect((await getJson(server.url, stranger.token, `/api/orders/${orderId}/proofs`)).status).toBe(404);
    expect((await fetchImage(stranger, uploadId)).status).toBe(404);
    expect((await getJson(server.url, merchant.token, "/api/chats")).body.chats[0].last_message.content).toBe("Payment proof");

    // Under appeal the buyer may still add one.
    await postJson(server.url, merchant.token, `/api/orders/${orderId}/appeal`, { reason: "No naira arrived." });
    expect((await prove(user, orderId, { upload_id: await uploaded(user, JPEG) })).status).toBe(201);
  });

  it("refuses the seller, strangers, the wrong status, another user's upload and bad input, writing nothing", async () => {
    const paid = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "in_progress" });
    const matched = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    const completed = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "completed" });
    const mine = await uploaded(user);
    const theirs = await uploaded(merchant);
    const count = () => rowCount(server.ctx.db, "payment_proofs");
    const messages = () => rowCount(server.ctx.db, "chat_messages");
    const [proofsBefore, messagesBefore] = [await count(), await messages()];

    expect(await prove(merchant, paid, { upload_id: theirs })).toMatchObject({
      status: 403,
      body: { error: { code: "FORBIDDEN", message: "Only the buyer can attach a payment proof." } },
    });
    expect(await prove(admin, paid, { upload_id: mine })).toMatchObject({ status: 403 });
    expect((await prove(stranger, paid, { upload_id: mine })).status).toBe(404);
    expect(await prove(user, matched, { upload_id: mine })).toMatchObject({
      status: 409,
      body: { error: { code: "ORDER_CONFLICT", message: "Mark the payment as sent first, then attach the proof." } },
    });
    expect(await prove(user, completed, { upload_id: mine })).toMatchObject({ status: 409, body: { error: { message: /completed/ } } });
    expect(await prove(user, paid, { upload_id: theirs })).toMatchObject({ status: 404, body: { error: { code: "NOT_FOUND" } } });
    for (const body of [
      {},
      { upload_id: "x" },
      { upload_id: mine, amount: "-5" },
      { upload_id: mine, amount: "1.234" },
      { upload_id: mine, reference: "r".repeat(201) },
      { upload_id: mine, extra: 1 },
    ]) {
      expect((await prove(user, paid, body)).status).toBe(400);
    }
    expect((await prove(user, "00000000-0000-4000-8000-000000000000", { upload_id: mine })).status).toBe(404);

    expect(await count()).toBe(proofsBefore);
    expect(await messages()).toBe(messagesBefore);
    expect(await attachedTo(mine)).toBeNull();
    expect(await attachedTo(theirs)).toBeNull();
    const [{ n }] = (await queryRows<{ n: number }>(
      server.ctx.db,
      sql`select count(*)::int as n from uploads where order_id is not null and owner_id in (${user.id}, ${merchant.id})`,
    )) as [{ n: number }];
    expect(n).toBe(0);
    expect((await prove(user, paid, { upload_id: mine })).status).toBe(201);
    expect(await server.ctx.db.select().from(paymentProofs).where(eq(paymentProofs.orderId, paid))).toHaveLength(1);
    expect(
      await server.ctx.db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.orderId, paid), eq(chatMessages.kind, "image"))),
    ).toHaveLength(1);
  });
});
