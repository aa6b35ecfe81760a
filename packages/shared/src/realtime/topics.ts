/**
 * The /realtime topics' names, built here for the server (which appends and authorizes) and the
 * web (which subscribes) alike. Pure functions: no zod (the pattern that checks a topic is
 * `topicSchema`, in schemas/realtime.ts).
 */
import type { Role } from "../roles.js";

export const userTopic = (userId: string) => `user:${userId}` as const;
export const orderTopic = (orderId: string) => `order:${orderId}` as const;
export const liveChatTopic = (sessionId: string) => `live-chat:${sessionId}` as const;
export const MERCHANTS_TOPIC = "merchants";
export const ADMIN_TOPIC = "admin";
/** Every signed-in tab: what any trader's market screens show (offers' prices and who is online). */
export const MARKET_TOPIC = "market";

/**
 * The topics a signed-in tab follows for as long as it is open: its own user topic, the market,
 * and those its role opens (the server's `mayAccessTopic` allows exactly these).
 */
export function standingTopics(userId: string, role: Role): string[] {
  return [
    userTopic(userId),
    MARKET_TOPIC,
    ...(role === "merchant" || role === "admin" ? [MERCHANTS_TOPIC] : []),
    ...(role === "admin" ? [ADMIN_TOPIC] : []),
  ];
}
