import { ID_DOCUMENT_MAX_BYTES, ID_DOCUMENT_NOT_AN_IMAGE, ID_DOCUMENT_TOO_LARGE } from "@p2p/shared";
import { AppError } from "../http/errors.js";
import { checkImage } from "../uploads/image-check.js";
import { reEncodeImage } from "../uploads/re-encode-image.js";

type ImageType = "image/png" | "image/jpeg" | "image/webp";

/** The image type its first bytes declare, whatever the sender called it. */
export function sniffImage(bytes: Buffer): ImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 12 && bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP") return "image/webp";
  return null;
}

/**
 * The data URL's image as it will be stored: accepted only when the bytes really are a whole PNG,
 * JPEG or WebP image within the size limit, then encoded again as every upload is
 * (uploads/re-encode-image.ts), so the photo of an ID never carries its EXIF and GPS position to
 * the admins who review it, and none of the sent bytes are kept.
 */
export async function decodeIdDocument(dataUrl: string): Promise<{ bytes: Buffer; type: ImageType }> {
  const comma = dataUrl.indexOf(",");
  const bytes = Buffer.from(dataUrl.slice(comma + 1), "base64");
  const refuse = (message: string) => new AppError("VALIDATION_FAILED", `id_document: ${message}`, { id_document: message });
  if (bytes.length > ID_DOCUMENT_MAX_BYTES) throw refuse(ID_DOCUMENT_TOO_LARGE);
  const checked = sniffImage(bytes) ? checkImage(bytes) : null;
  if (!checked) throw refuse(ID_DOCUMENT_NOT_AN_IMAGE);
  const image = await reEncodeImage(bytes, checked).catch((err: unknown) => {
    throw err instanceof AppError && err.code === "INVALID_IMAGE" ? refuse(ID_DOCUMENT_NOT_AN_IMAGE) : err;
  });
  return { bytes: image.data, type: image.contentType };
}
