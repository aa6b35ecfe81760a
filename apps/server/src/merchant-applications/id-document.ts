import { ID_DOCUMENT_MAX_BYTES, ID_DOCUMENT_NOT_AN_IMAGE, ID_DOCUMENT_TOO_LARGE } from "@p2p/shared";
import { AppError } from "../http/errors.js";

type ImageType = "image/png" | "image/jpeg" | "image/webp";

/** The image type its first bytes declare, whatever the sender called it. */
export function sniffImage(bytes: Buffer): ImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 12 && bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP") return "image/webp";
  return null;
}

/** The data URL's bytes, accepted only when they really are a PNG, JPEG or WebP image within the size limit. */
export function decodeIdDocument(dataUrl: string): { bytes: Buffer; type: ImageType } {
  const comma = dataUrl.indexOf(",");
  const bytes = Buffer.from(dataUrl.slice(comma + 1), "base64");
  const refuse = (message: string) => new AppError("VALIDATION_FAILED", `id_document: ${message}`, { id_document: message });
  if (bytes.length > ID_DOCUMENT_MAX_BYTES) throw refuse(ID_DOCUMENT_TOO_LARGE);
  const type = sniffImage(bytes);
  if (!type || bytes.length < 32) throw refuse(ID_DOCUMENT_NOT_AN_IMAGE);
  return { bytes, type };
}
