/** Image uploads, reused by every feature that takes or shows images (chat, payment proofs, appeal evidence). */
export { ImagePicker, ImagePickButton, useObjectUrl } from "./image-picker";
export { ImageViewer } from "./image-viewer";
export { UploadedImage } from "./uploaded-image";
export { uploadImage, imageFileProblem, refreshAccess, IMAGE_ACCEPT } from "./upload-image";
export { useUploadImage } from "./mutations";
