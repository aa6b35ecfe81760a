import { uploadResponse } from "@p2p/shared";
import { contracts } from "../openapi/route-contract.js";

export const uploadContract = contracts("Uploads", {
  "POST /api/uploads": {
    summary: "Upload an image (the raw bytes as the body)",
    access: "signed-in",
    body: "image",
    responses: { 201: uploadResponse },
  },
  "GET /api/uploads/:id": {
    summary: "An uploaded image, to those who may see what it is attached to",
    access: "signed-in",
    responses: { 200: "image" },
  },
});
