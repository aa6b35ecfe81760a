import { completeProfileRequest, languageResponse, languageUpdateRequest, meSchema, profileResponse } from "@p2p/shared";
import { z } from "zod";
import { contracts } from "../openapi/route-contract.js";

export const profileContract = contracts("Profile", {
  "PATCH /api/profile": {
    summary: "Complete the profile (username and phone number)",
    access: "signed-in",
    body: completeProfileRequest,
    responses: { 200: z.object({ user: meSchema }) },
  },
  "GET /api/profile": { summary: "The /profile page: record, referrals, ratings received", access: "signed-in", responses: { 200: profileResponse } },
  "PUT /api/profile/language": {
    summary: "Keep the app's language on the profile",
    access: "signed-in",
    body: languageUpdateRequest,
    responses: { 200: languageResponse },
  },
});
