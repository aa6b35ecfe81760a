import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { jobs, users } from "../db/schema.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { TestClient } from "../../test/client.js";
import { newSignUp } from "../../test/accounts.js";

type Received = { from: string; to: string[]; raw: string };

let smtp: SMTPServer;
let received: Received[] = [];
let server: TestServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}/?ignoreTLS=true`, MAIL_FROM: "NaijaP2P <no-reply@naijap2p.test>" });
});
afterAll(async () => {
  await server.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The Subject and the text/plain part of a raw message, decoded (RFC 2047 words, quoted-printable or base64, UTF-8). */
function readMessage(raw: string): { subject: string; text: string } {
  const qpBytes = (s: string) =>
    Buffer.from(
      s.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    );
  const header = raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
  const subject = (/^Subject: (.*)$/m.exec(header)?.[1] ?? "")
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, data: string) =>
      (kind.toUpperCase() === "B" ? Buffer.from(data, "base64") : qpBytes(data.replace(/_/g, " "))).toString("utf8"),
    );
  const part = /Content-Type: text\/plain[^\r]*\r\nContent-Transfer-Encoding: ([\w-]+)\r\n\r\n([\s\S]*?)\r\n--/i.exec(raw);
  if (!part) return { subject, text: "" };
  const body = part[2]!;
  const text =
    part[1]!.toLowerCase() === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
      : part[1]!.toLowerCase() === "quoted-printable"
        ? qpBytes(body).toString("utf8")
        : body;
  return { subject, text };
}

/** Undoes quoted-printable soft breaks and escapes, enough to read links out of a raw message. */
const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe("mail over SMTP", () => {
  it("delivers the sign-up confirmation through a real SMTP server, and its link confirms the account", async () => {
    received = [];
    const input = newSignUp();
    const client = new TestClient(server.url);
    expect((await client.post("/api/auth/sign-up", input)).status).toBe(201);
    expect(server.mail).toEqual([]); // not the capturing transport: the configured SMTP one

    await server.ctx.jobs.runDue();
    expect(received).toHaveLength(1);
    const message = received[0]!;
    expect(message.to).toEqual([input.email]);
    expect(message.from).toBe("no-reply@naijap2p.test");
    const text = decodeQuotedPrintable(message.raw);
    expect(text).toMatch(/Subject: Confirm your NaijaP2P account/);
    const link = text.match(/http:\/\/127\.0\.0\.1:\d+\/api\/auth\/confirm\?token=[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBeDefined();
    expect(link!.startsWith(server.url)).toBe(true);

    const confirm = await client.get(link!);
    expect(confirm.status).toBe(302);
    expect(confirm.headers.get("location")).toBe("/?confirmed=1");
    const [user] = await server.ctx.db.select().from(users).where(eq(users.email, input.email));
    expect(user!.emailConfirmedAt).toBeInstanceOf(Date);
    expect((await client.post("/api/auth/sign-in", { email: input.email, password: input.password })).status).toBe(200);
  });

  it("writes to a Yoruba account in Yoruba: the confirmation at sign-up, and a reset asked for from an English browser", async () => {
    received = [];
    const input = newSignUp();
    const client = new TestClient(server.url);
    expect((await client.post("/api/auth/sign-up", input, { cookie: "lang=yo" })).status).toBe(201);
    await server.ctx.jobs.runDue();
    const confirmation = readMessage(received.at(-1)!.raw);
    expect(confirmation.subject).toBe("Jẹ́rìí àkáǹtì NaijaP2P rẹ");
    expect(confirmation.text).toContain("Báwo ni Ada Okafor,");
    expect(confirmation.text).toContain("Ẹ kú àbọ̀ sí NaijaP2P. Jẹ́rìí àdírẹ́sì ímeèlì rẹ láti parí ṣíṣẹ̀dá àkáǹtì rẹ.");
    expect(confirmation.text).toMatch(/\/api\/auth\/confirm\?token=[A-Za-z0-9_-]+/);

    received = [];
    const english = new TestClient(server.url);
    expect((await english.post("/api/auth/forgot-password", { email: input.email }, { cookie: "lang=en", "accept-language": "en-GB" })).status).toBe(
      200,
    );
    await server.ctx.jobs.runDue(); // the request's job queues the mail
    await server.ctx.jobs.runDue(); // the mail job sends it
    const reset = readMessage(received.at(-1)!.raw);
    expect(reset.subject).toBe("Tún ọ̀rọ̀ aṣínà NaijaP2P rẹ ṣe");
    expect(reset.text).toContain("Ẹnìkan béèrè láti tún ọ̀rọ̀ aṣínà àkáǹtì NaijaP2P rẹ ṣe.");
  });

  it("keeps a mail job for retry when the SMTP server refuses it", async () => {
    received = [];
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(_address, _session, callback) {
        callback(new Error("Mailbox unavailable"));
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve));
    const { port } = refusing.server.address() as AddressInfo;
    const failing = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const input = newSignUp();
      expect((await new TestClient(failing.url).post("/api/auth/sign-up", input)).status).toBe(201);
      await failing.ctx.jobs.runDue();
      const [job] = await failing.ctx.db.select().from(jobs).where(eq(jobs.kind, "send_email"));
      expect(job!.doneAt).toBeNull();
      expect(job!.failedAt).toBeNull();
      expect(job!.attempts).toBe(1);
      expect(job!.lastError).toMatch(/Mailbox unavailable/);
    } finally {
      await failing.stop();
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });
});
