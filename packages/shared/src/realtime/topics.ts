/**
 * The /realtime topics' names, built here for the server (which appends and authorizes) and the
 * web (which subscribes) alike. Pure functions: no zod (the pattern that checks a topic is
 * `topicSchema`, in schemas/realtime.ts).
 */
export const userTopic = (userId: string) => `user:${userId}` as const;
export const orderTopic = (orderId: string) => `order:${orderId}` as const;
export const liveChatTopic = (sessionId: string) => `live-chat:${sessionId}` as const;
export const MERCHANTS_TOPIC = "merchants";
export const ADMIN_TOPIC = "admin";
/** Every signed-in tab: what any trader's market screens show (offers' prices and who is online). */
export const MARKET_TOPIC = "market";
