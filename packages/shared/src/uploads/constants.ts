/*
 * What an upload may be, apart from the schemas in schemas/uploads.ts, so that a screen needing
 * only these does not load zod and build the schemas (importing a schema module builds all of
 * them).
 */

/** Largest image accepted, in bytes (5 MB). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_LABEL = "5 MB";
/** Most pixels an image may declare (40 megapixels): checked from its header, before it is decoded. */
export const UPLOAD_MAX_PIXELS = 40_000_000;
export const UPLOAD_MAX_PIXELS_LABEL = "40";
/** The image types accepted, recognised by their bytes (never by the name or the declared type). */
export const UPLOAD_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type UploadImageType = (typeof UPLOAD_IMAGE_TYPES)[number];

export const uploadUrl = (id: string) => `/api/uploads/${id}`;

export const PAYMENT_PROOF_NOTE_MAX_CHARS = 200;
