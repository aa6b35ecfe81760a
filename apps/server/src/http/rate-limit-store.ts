import type { FastifyInstance } from "fastify";
import type { RateLimitPluginOptions } from "@fastify/rate-limit";
import { Redis } from "ioredis";
import type { Config } from "../config.js";

/**
 * Where the per-IP request limits count. With REDIS_URL, in Redis, so every server process counts
 * the same requests (behind a load balancer, N processes would otherwise allow N times the limit);
 * without it, in this process's memory. A Redis outage lets requests through rather than refusing
 * every sign-in: the per-account limits (failed sign-ins, mailed links) are in the database and hold.
 */
export function rateLimitOptions(config: Config, server: FastifyInstance): RateLimitPluginOptions {
  if (!config.REDIS_URL) return { global: false };
  const redis = new Redis(config.REDIS_URL, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: true });
  server.addHook("onClose", async () => {
    redis.disconnect();
  });
  return { global: false, redis, nameSpace: "p2p-rate-limit-", skipOnError: true };
}
