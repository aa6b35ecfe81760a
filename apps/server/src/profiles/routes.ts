import type { FastifyInstance } from "fastify";
import { completeProfileRequest, languageUpdateRequest } from "@p2p/shared";
import type { AppContext } from "../context.js";
import { parse } from "../http/parse.js";
import { authRateLimits } from "../auth/rate-limits.js";
import { completeProfile } from "./complete-profile.js";
import { getProfile } from "./get-profile.js";
import { setLanguage } from "./set-language.js";

export async function profileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Limited like the availability checks: a taken answer tells whether a username or phone exists.
  app.patch("/api/profile", authRateLimits(ctx.config).checks, async (req) => {
    const user = await ctx.auth.require(req);
    const input = parse(completeProfileRequest, req.body);
    return { user: await completeProfile(ctx.db, user.id, input) };
  });

  app.get("/api/profile", async (req, reply) => {
    const user = await ctx.auth.require(req);
    reply.header("Cache-Control", "no-store");
    return getProfile(ctx.db, ctx.config.publicUrl, user.id);
  });

  app.put("/api/profile/language", async (req) => {
    const user = await ctx.auth.require(req);
    const input = parse(languageUpdateRequest, req.body);
    return setLanguage(ctx.db, user.id, input.language);
  });
}
