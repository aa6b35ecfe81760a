import { useMutation } from "@tanstack/react-query";
import { uploadImage } from "./upload-image";

/** Uploads one picked image; `data` is the stored upload to attach (its id). */
export function useUploadImage() {
  return useMutation({ mutationFn: (file: File) => uploadImage(file) });
}
