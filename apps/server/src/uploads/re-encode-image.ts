import sharp from "sharp";
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS, UPLOAD_MAX_PIXELS_LABEL, UPLOAD_TEXTS, fillTemplate } from "@p2p/shared";
import { AppError } from "../http/errors.js";
import type { CheckedImage } from "./image-check.js";
import { notAnImage, tooLarge } from "./read-image-body.js";

export type ReEncodedImage = CheckedImage & { data: Buffer };

export const tooManyPixels = () => new AppError("PAYLOAD_TOO_LARGE", fillTemplate(UPLOAD_TEXTS.tooManyPixels, { max: UPLOAD_MAX_PIXELS_LABEL }));

/**
 * The image as it will be stored and served: decoded and encoded again in its own format, so
 * none of the uploaded bytes survive: no metadata (EXIF with its GPS position, XMP, comments),
 * nothing hidden after or inside the pixels. Turned upright first, as its EXIF orientation said.
 * The pixel count comes from the header (`checkImage`) and is refused before anything is decoded;
 * sharp's own limit stands behind it. A file sharp cannot decode is not an image.
 */
export async function reEncodeImage(bytes: Buffer, image: CheckedImage): Promise<ReEncodedImage> {
  if (image.width * image.height > UPLOAD_MAX_PIXELS) throw tooManyPixels();
  const decoded = sharp(bytes, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: "error" }).rotate();
  const encoded =
    image.contentType === "image/png"
      ? decoded.png()
      : image.contentType === "image/jpeg"
        ? decoded.jpeg({ quality: 85 })
        : decoded.webp({ quality: 85 });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true }).catch(() => {
    throw notAnImage();
  });
  if (data.length > UPLOAD_MAX_BYTES) throw tooLarge();
  return { contentType: image.contentType, width: info.width, height: info.height, data };
}
