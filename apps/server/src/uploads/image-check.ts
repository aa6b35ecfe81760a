import { crc32 } from "node:zlib";
import type { UploadImageType } from "@p2p/shared";

export type CheckedImage = { contentType: UploadImageType; width: number; height: number };

/** Largest side accepted, in pixels: beyond it a small file can still be a decompression bomb. */
const MAX_SIDE = 16_384;

/**
 * What an image really is, from its bytes alone: PNG, JPEG or WebP by magic number, walked to
 * its end so a truncated or padded file is refused, with its dimensions read from the header.
 * Null for anything else (a renamed text file, a cut-off download, an unknown format).
 */
export function checkImage(bytes: Buffer): CheckedImage | null {
  const found = checkPng(bytes) ?? checkJpeg(bytes) ?? checkWebp(bytes);
  if (!found || found.width < 1 || found.height < 1 || found.width > MAX_SIDE || found.height > MAX_SIDE) return null;
  return found;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG: signature, IHDR first, every chunk's CRC right, IDAT present, IEND last and at the very end. */
function checkPng(b: Buffer): CheckedImage | null {
  if (b.length < 8 + 25 + 12 || !b.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  let at = 8;
  let width = 0;
  let height = 0;
  let sawData = false;
  for (let index = 0; at + 12 <= b.length; index++) {
    const length = b.readUInt32BE(at);
    const type = b.toString("latin1", at + 4, at + 8);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > b.length) return null;
    if (crc32(b.subarray(at + 4, at + 8 + length)) >>> 0 !== b.readUInt32BE(at + 8 + length)) return null;
    if (index === 0) {
      if (type !== "IHDR" || length !== 13) return null;
      width = b.readUInt32BE(at + 8);
      height = b.readUInt32BE(at + 12);
    }
    if (type === "IDAT") sawData = true;
    if (type === "IEND") return end === b.length && sawData ? { contentType: "image/png", width, height } : null;
    at = end;
  }
  return null;
}

/** JPEG: SOI, segments walked to the start of scan with a frame header on the way, EOI at the end. */
function checkJpeg(b: Buffer): CheckedImage | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return null;
  let at = 2;
  let width = 0;
  let height = 0;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0xd9) return null;
    const length = b.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > b.length) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (length < 7) return null;
      height = b.readUInt16BE(at + 5);
      width = b.readUInt16BE(at + 7);
    }
    if (marker === 0xda) {
      if (!width || !height) return null;
      // Entropy-coded data follows; the file must end with EOI (trailing zero padding tolerated).
      let end = b.length;
      while (end > at && b[end - 1] === 0) end--;
      if (end - at < 2 + length + 2 || b[end - 2] !== 0xff || b[end - 1] !== 0xd9) return null;
      return { contentType: "image/jpeg", width, height };
    }
    at += 2 + length;
  }
  return null;
}

/** WebP: a RIFF container whose size matches the file exactly, with a VP8, VP8L or VP8X header. */
function checkWebp(b: Buffer): CheckedImage | null {
  if (b.length < 30 || b.toString("latin1", 0, 4) !== "RIFF" || b.toString("latin1", 8, 12) !== "WEBP") return null;
  const riffSize = b.readUInt32LE(4);
  if (riffSize + 8 !== b.length) return null;
  const chunk = b.toString("latin1", 12, 16);
  const chunkSize = b.readUInt32LE(16);
  if (20 + chunkSize > b.length) return null;
  const d = 20;
  if (chunk === "VP8 ") {
    if (chunkSize < 10 || b[d + 3] !== 0x9d || b[d + 4] !== 0x01 || b[d + 5] !== 0x2a) return null;
    return { contentType: "image/webp", width: b.readUInt16LE(d + 6) & 0x3fff, height: b.readUInt16LE(d + 8) & 0x3fff };
  }
  if (chunk === "VP8L") {
    if (chunkSize < 5 || b[d] !== 0x2f) return null;
    const bits = b.readUInt32LE(d + 1);
    return { contentType: "image/webp", width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") {
    if (chunkSize < 10) return null;
    return { contentType: "image/webp", width: b.readUIntLE(d + 4, 3) + 1, height: b.readUIntLE(d + 7, 3) + 1 };
  }
  return null;
}
