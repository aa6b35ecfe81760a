import { z } from "zod";

/** POST /api/telegram/link: the one-time deep link into the bot. */
export const telegramLinkResponse = z.object({ url: z.string().url() });
export type TelegramLinkResponse = z.infer<typeof telegramLinkResponse>;

/** GET /api/telegram/status: the linked chat's @username (when it has one) and when it was linked. */
export const telegramStatusResponse = z.object({
  linked: z.boolean(),
  username: z.string().optional(),
  linked_at: z.string().optional(),
});
export type TelegramStatusResponse = z.infer<typeof telegramStatusResponse>;
