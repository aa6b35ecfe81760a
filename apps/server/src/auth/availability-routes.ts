import type { FastifyInstance } from "fastify";
import { checkEmailRequest, checkPhoneQuery, checkUsernameQuery, phoneSchema, usernameSchema } from "@p2p/shared";
import type { AppContext } from "../context.js";
import { parse } from "../http/parse.js";
import { emailExists, isPhoneAvailable, isUsernameAvailable } from "./check-availability.js";
import { authRateLimits } from "./rate-limits.js";

/**
 * The spec's live sign-up checks, kept as a product choice and rate-limited per address
 * (DESIGN §6). A malformed value answers 400 with the rule it breaks; the form shows it and the
 * field goes back to idle (spec §5).
 */
export async function availabilityRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { checks } = authRateLimits(ctx.config);

  app.get("/api/auth/check-username", checks, async (req) => {
    const username = parse(usernameSchema, parse(checkUsernameQuery, req.query).username);
    return { available: await isUsernameAvailable(ctx.db, username) };
  });

  app.get("/api/auth/check-phone", checks, async (req) => {
    const phone = parse(phoneSchema, parse(checkPhoneQuery, req.query).phone_number);
    // Complete-profile asks signed in: the caller's own number, however typed, is theirs to keep.
    const viewer = await ctx.auth.current(req).catch(() => null);
    return { available: await isPhoneAvailable(ctx.db, phone, viewer?.id) };
  });

  app.post("/api/auth/check-email", checks, async (req) => {
    const { email_to_check } = parse(checkEmailRequest, req.body);
    return { exists: await emailExists(ctx.db, email_to_check) };
  });

  app.get("/api/auth/providers", async () => ({
    google: ctx.config.googleConfigured,
    telegram: Boolean(ctx.config.TELEGRAM_BOT_TOKEN),
  }));
}
