import { uploadUrl, type ImageRef, type Upload, type UploadImageType } from "@p2p/shared";

export type UploadMeta = { id: string; contentType: string; byteSize: number; width: number; height: number; sha256: string; createdAt: Date };

export function presentUpload(u: UploadMeta): Upload {
  return {
    id: u.id,
    content_type: u.contentType as UploadImageType,
    byte_size: u.byteSize,
    width: u.width,
    height: u.height,
    sha256: u.sha256,
    url: uploadUrl(u.id),
    created_at: u.createdAt.toISOString(),
  };
}

/** The image a chat message or a proof carries, or null when there is none. */
export function presentImageRef(u: { id: string | null; contentType: string | null; width: number | null; height: number | null }): ImageRef | null {
  if (!u.id || !u.contentType) return null;
  return { id: u.id, url: uploadUrl(u.id), content_type: u.contentType as UploadImageType, width: u.width ?? 0, height: u.height ?? 0 };
}
