import { crc32 } from "node:zlib";
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { getJson, postJson, rowCount } from "../../test/trading-fixtures.js";
import { uploads } from "../db/schema.js";

let server: TestServer;
let user: TestUser;

async function upload(bytes: Buffer, contentType: string) {
  const res = await fetch(`${server.url}/api/uploads`, {
    method: "POST",
    headers: { authorization: `Bearer ${user.token}`, "content-type": contentType },
    body: new Uint8Array(bytes),
  });
  return { status: res.status, body: await res.json() };
}
const served = async (id: string) =>
  Buffer.from(await (await fetch(`${server.url}/api/uploads/${id}`, { headers: { authorization: `Bearer ${user.token}` } })).arrayBuffer());

/** A phone photo's metadata: the camera, and where it was taken (GPS IFD). */
const PHONE_EXIF = {
  IFD0: { Make: "PhoneMaker", Model: "Receipt Cam" },
  IFD3: { GPSLatitudeRef: "N", GPSLatitude: "6/1 27/1 3/1", GPSLongitudeRef: "E", GPSLongitude: "3/1 23/1 4/1" },
};
/** The GPS IFD pointer tag (0x8825) as a little-endian EXIF block writes it. */
const GPS_TAG = Buffer.from([0x25, 0x88]);

const photo = (format: "jpeg" | "png" | "webp") =>
  sharp({ create: { width: 96, height: 64, channels: 3, background: "#2a6" } })
    .toFormat(format)
    .withExif(PHONE_EXIF)
    .toBuffer();

/** A PNG chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A well-formed 0.75 MB PNG whose header declares 16384×16384 RGB pixels (768 MiB decoded). */
function pixelBomb(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(16_384, 0);
  ihdr.writeUInt32BE(16_384, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", ihdr), chunk("IDAT", randomBytes(750 * 1024)), chunk("IEND", Buffer.alloc(0))]);
}

beforeAll(async () => {
  server = await startTestServer();
  user = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
});
afterAll(() => server.stop());

describe("uploaded images are encoded again", () => {
  for (const format of ["jpeg", "png", "webp"] as const) {
    it(`a ${format} photo's EXIF (camera, GPS position) is neither stored nor served`, async () => {
      const original = await photo(format);
      const before = await sharp(original).metadata();
      expect(before.exif?.includes(GPS_TAG)).toBe(true);
      expect(original.includes("PhoneMaker")).toBe(true);

      const res = await upload(original, `image/${format}`);
      expect(res.status).toBe(201);
      expect(res.body.upload).toMatchObject({ content_type: `image/${format}`, width: 96, height: 64 });

      const bytes = await served(res.body.upload.id);
      expect((await sharp(bytes).metadata()).exif).toBeUndefined();
      for (const trace of ["PhoneMaker", "Receipt Cam", "Exif\0\0"]) expect(bytes.includes(trace)).toBe(false);
      const [stored] = await server.ctx.db.select({ data: uploads.data }).from(uploads).where(eq(uploads.id, res.body.upload.id));
      expect(stored!.data.equals(bytes)).toBe(true);
      expect(stored!.data.equals(original)).toBe(false);
    });
  }

  it("a merchant applicant's ID photo reaches the reviewing admin without its EXIF (camera, GPS position)", async () => {
    const original = await photo("jpeg");
    const applicant = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
    const admin = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role: "admin" });
    const sent = await postJson(server.url, applicant.token, "/api/merchant-application", {
      business_name: "Ada Coins Ltd",
      contact_name: "Ada Obi",
      contact_phone: "+2348012345678",
      contact_email: "ada@example.test",
      coins: ["PI"],
      bank_name: "GTBank",
      account_number: "0123456789",
      account_name: "Ada Coins Ltd",
      id_document: `data:image/jpeg;base64,${original.toString("base64")}`,
      accept_agreement: true,
    });
    expect(sent.status).toBe(201);
    const queue = await getJson(server.url, admin.token, "/api/admin/merchant-applications");
    const mine = (queue.body.applications as { id: string; id_document_url: string }[]).find((a) => a.id === sent.body.application.id)!;
    const res = await fetch(`${server.url}${mine.id_document_url}`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "jpeg", width: 96, height: 64 });
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    for (const trace of ["PhoneMaker", "Receipt Cam", "Exif\0\0"]) expect(bytes.includes(trace)).toBe(false);
  });

  it("a 0.75 MB PNG declaring 16384×16384 pixels is refused from its header with a clear 413, storing nothing", async () => {
    const bomb = pixelBomb();
    const before = await rowCount(server.ctx.db, "uploads");
    const started = Date.now();
    const res = await upload(bomb, "image/png");
    expect(res.status).toBe(413);
    expect(res.body.error).toEqual({ code: "PAYLOAD_TOO_LARGE", message: "The image has more than 40 megapixels. Choose a smaller image." });
    // Refused from the header: nothing was decoded.
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await rowCount(server.ctx.db, "uploads")).toBe(before);
  });

  it("a file that checks out by its structure but cannot be decoded is refused as not an image", async () => {
    // A PNG whose IDAT is not a zlib stream: every chunk and CRC is right, the pixels are not.
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(32, 0);
    ihdr.writeUInt32BE(32, 4);
    ihdr.set([8, 2, 0, 0, 0], 8);
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", ihdr),
      chunk("IDAT", randomBytes(300)),
      chunk("IEND", Buffer.alloc(0)),
    ]);
    const before = await rowCount(server.ctx.db, "uploads");
    const res = await upload(fake, "image/png");
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe("INVALID_IMAGE");
    expect(await rowCount(server.ctx.db, "uploads")).toBe(before);
  });
});
