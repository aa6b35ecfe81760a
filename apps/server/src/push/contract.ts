import { pushDeviceResponse, registerPushDeviceRequest, unregisterPushDeviceRequest } from "@p2p/shared";
import { contracts } from "../openapi/route-contract.js";

export const pushContract = contracts("Push", {
  "POST /api/push/devices": {
    summary: "Save the native app's push token",
    access: "signed-in",
    body: registerPushDeviceRequest,
    responses: { 200: pushDeviceResponse },
  },
  "DELETE /api/push/devices": {
    summary: "Remove a push token",
    access: "signed-in",
    body: unregisterPushDeviceRequest,
    responses: { 200: pushDeviceResponse },
  },
});
