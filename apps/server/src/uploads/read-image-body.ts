import type { IncomingMessage } from "node:http";
import { UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES, UPLOAD_MAX_LABEL, UPLOAD_TEXTS, fillTemplate } from "@p2p/shared";
import { AppError } from "../http/errors.js";

export const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", fillTemplate(UPLOAD_TEXTS.tooLarge, { max: UPLOAD_MAX_LABEL }));
export const notAnImage = () => new AppError("INVALID_IMAGE", UPLOAD_TEXTS.notAnImage);

/**
 * The upload body: the image's bytes themselves with an `image/*` Content-Type (no multipart).
 * Any other declared type is refused before reading; a body over the limit is refused as soon
 * as it passes it (by Content-Length when given), so nothing oversized is ever buffered.
 */
export function readImageBody(contentType: string | undefined, stream: IncomingMessage): Promise<Buffer> {
  const declared = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (!declared.startsWith("image/")) {
    return Promise.reject(
      new AppError("INVALID_IMAGE", `Send the image itself as the request body with its type (${UPLOAD_IMAGE_TYPES.join(", ")}).`),
    );
  }
  const length = Number(stream.headers["content-length"]);
  if (Number.isFinite(length) && length > UPLOAD_MAX_BYTES) {
    stream.resume();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    stream.on("data", (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > UPLOAD_MAX_BYTES) {
        failed = true;
        chunks.length = 0;
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    stream.on("end", () => {
      if (!failed) resolve(Buffer.concat(chunks, size));
    });
    stream.on("error", (err) => {
      if (!failed) reject(err);
      failed = true;
    });
  });
}
