import type { FastifyInstance } from "fastify";
import { registerPushDeviceRequest, unregisterPushDeviceRequest } from "@p2p/shared";
import type { AppContext } from "../context.js";
import { parse } from "../http/parse.js";
import { registerPushDevice } from "./register-push-device.js";
import { unregisterPushDevice } from "./unregister-push-device.js";

/** The native shell's device tokens (apps/web/src/native): saved at start-up, removed at sign-out. */
export async function pushRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post("/api/push/devices", async (req) => {
    const user = await ctx.auth.require(req);
    const device = parse(registerPushDeviceRequest, req.body);
    await registerPushDevice({ db: ctx.db, userId: user.id, device });
    return { registered: true };
  });

  app.delete("/api/push/devices", async (req) => {
    const user = await ctx.auth.require(req);
    const { token } = parse(unregisterPushDeviceRequest, req.body);
    await unregisterPushDevice({ db: ctx.db, userId: user.id, token });
    return { registered: false };
  });
}
