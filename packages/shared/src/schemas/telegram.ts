import { z } from "zod";

/** POST /api/telegram/link: the one-time deep link into the bot. */
export const telegramLinkResponse = z.object({ url: z.string().url() });
export type TelegramLinkResponse = z.infer<typeof telegramLinkResponse>;

/** GET /api/telegram/status. */
export const telegramStatusResponse = z.object({ linked: z.boolean(), username: z.string().optional() });
export type TelegramStatusResponse = z.infer<typeof telegramStatusResponse>;
