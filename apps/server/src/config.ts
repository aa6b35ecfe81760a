import { createPrivateKey } from "node:crypto";
import { isIP } from "node:net";
import { z } from "zod";
import { availableParallelism } from "node:os";
import { HDKey } from "@scure/bip32";

function isPrivateKey(pem: string): boolean {
  try {
    return createPrivateKey(pem).asymmetricKeyType === "rsa";
  } catch {
    return false;
  }
}

function isPublicExtendedKey(key: string): boolean {
  try {
    return HDKey.fromExtendedKey(key).privateKey === null;
  } catch {
    return false;
  }
}

/**
 * Outside production, deposit addresses derive from this fixed development key (m/44'/60'/0' of the
 * seed sha512("naijap2p development deposits")): fine for a local chain, worthless on a real one.
 */
export const DEVELOPMENT_DEPOSIT_XPUB =
  "xpub6CJDeUapuPSgzHCzB5fvHXPojXNNgNwC4ZVfiPdCs9xnYkJvgXEB4ppJsUXiwiA9XpytR88feLTbReUhb9j5XNubcfJfGEN748V3nsCMxxu";

const duration = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** proxy-addr's names for address ranges, accepted beside addresses and CIDR blocks. */
const PROXY_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);
const isProxyAddress = (entry: string) => {
  const [address, bits, extra] = entry.split("/");
  if (extra !== undefined || !address) return false;
  if (bits === undefined) return PROXY_RANGES.has(address) || isIP(address) !== 0;
  return isIP(address) !== 0 && /^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128);
};

/**
 * Which proxies may tell the client's address in X-Forwarded-For: none (the default, in production
 * too: anyone could name their own address and dodge every per-IP limit), a hop count, or the
 * proxies' addresses.
 */
const trustProxy = z
  .string()
  .transform((value, ctx): number | string[] => {
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(",")
      .map((e) => e.trim())
      .filter(Boolean);
    if (entries.length === 0 || !entries.every(isProxyAddress)) {
      ctx.addIssue({ code: "custom", message: "must be a hop count (1) or the proxies' addresses (10.0.0.1, 10.0.0.0/8, loopback)" });
      return z.NEVER;
    }
    return entries;
  })
  .optional();

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The interface to listen on: every one in production, only this machine's otherwise. */
  HOST: z.string().min(1).optional(),
  TRUST_PROXY: trustProxy,
  /** A request's headers and body must arrive within this (a slow body is cut); headers within 10 s. */
  HTTP_REQUEST_TIMEOUT_MS: duration(60_000),
  /** An idle keep-alive connection closes after this (longer than a load balancer's idle timeout). */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: duration(72_000),
  /**
   * A stop waits this long for requests in flight and sockets' close handshakes, then cuts what
   * is left: a client that holds a body back or never answers a close cannot hold up a deploy.
   */
  SHUTDOWN_GRACE_MS: duration(5_000),
  DATA_DIR: z.string().min(1).default("./.data"),
  DATABASE_URL: z
    .string()
    .refine((s) => /^postgres(ql)?:\/\//.test(s), "must be a postgres:// URL")
    .optional(),
  REDIS_URL: z
    .string()
    .refine((s) => /^rediss?:\/\//.test(s), "must be a redis:// URL")
    .optional(),
  /** The Redis channel's prefix; by default one per database (`p2p:<hash of its identity>`), so deployments sharing a Redis never hear each other. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, "must be 1-64 characters of A-Z, a-z, 0-9, _ . : and -")
    .optional(),
  PUBLIC_URL: z.string().url("must be a full URL such as https://p2p.example.com").optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z
    .string()
    .refine((s) => /^smtps?:\/\//.test(s), "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().default("NaijaP2P <no-reply@naijap2p.local>"),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.string().url("must be the issuer URL").default("https://accounts.google.com"),
  TELEGRAM_BOT_TOKEN: z.string().min(1).optional(),
  TELEGRAM_API_ROOT: z.string().url("must be a URL").default("https://api.telegram.org"),
  TELEGRAM_BOT_USERNAME: z.string().min(1).optional(),
  /** How the bot receives updates; by default webhook when PUBLIC_URL is https, else long polling. */
  TELEGRAM_MODE: z.enum(["webhook", "polling"]).optional(),
  /** The X-Telegram-Bot-Api-Secret-Token value; derived from SESSION_SECRET when unset. */
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,256}$/, "must be 1-256 characters of A-Z, a-z, 0-9, _ and -")
    .optional(),
  /** Push through FCM HTTP v1 with a service account; push is off unless all three are set. */
  FCM_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/, "must be the Firebase project id")
    .optional(),
  FCM_CLIENT_EMAIL: z.string().email("must be the service account's client_email").optional(),
  /** The service account's private_key (PEM; literal \n sequences are read as line breaks). */
  FCM_PRIVATE_KEY: z
    .string()
    .transform((s) => s.replace(/\\n/g, "\n"))
    .refine(isPrivateKey, "must be the service account's private_key in PEM form")
    .optional(),
  FCM_API_ROOT: z.string().url("must be a URL").default("https://fcm.googleapis.com"),
  FCM_TOKEN_URL: z.string().url("must be a URL").default("https://oauth2.googleapis.com/token"),
  /** Long polling goes to one process at a time: the lease it renews every third of this. */
  TELEGRAM_LEASE_SECONDS: duration(30),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** The Bearer token Prometheus sends to GET /metrics; without one the endpoint answers 404. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  ACCEPTANCE_WINDOW_SECONDS: duration(15 * 60),
  PAYMENT_WINDOW_SECONDS: duration(30 * 60),
  CONFIRMATION_WINDOW_SECONDS: duration(30 * 60),
  /**
   * Connections to PostgreSQL per process. A few per core serve best: on 2 cores 5 completed 50–60%
   * more trades per second than 20, whose backends only contended (docs/PERFORMANCE.md).
   */
  DATABASE_POOL_SIZE: duration(2 * availableParallelism() + 1),
  JOB_POLL_MS: duration(500),
  /** How long a claimed job stays hidden: a job whose process died mid-run is retried after this. */
  JOB_LEASE_SECONDS: duration(60),
  /** Realtime: socket ping interval, the events-table sweep for missed publishes, session recheck, event retention. */
  REALTIME_HEARTBEAT_MS: duration(30_000),
  REALTIME_SWEEP_MS: duration(2_000),
  /**
   * Sockets follow a rights change at once through the bus (`publishRightsChanged`); this re-check
   * (one query per process, only while sockets are open) closes within 2 s whatever ended a session.
   */
  REALTIME_AUTH_RECHECK_MS: duration(1_000),
  EVENT_RETENTION_DAYS: duration(7),
  /**
   * Every withdrawal is approved by an admin other than its owner; above these amounts by two
   * different admins (DESIGN §2): COIN=amount pairs, "USDT=10000,PI=50000". Coins not named need one.
   */
  WITHDRAWAL_TWO_ADMINS_ABOVE: z
    .string()
    .trim()
    .regex(/^([A-Z0-9]{2,10}=\d{1,12}(\.\d{1,8})?(,|$))*$/, "must be COIN=amount pairs separated by commas, such as USDT=10000,PI=50000")
    .default(""),
  /**
   * The extended public key (xpub, BIP32 account level, e.g. m/44'/60'/0') that users' EVM deposit
   * addresses derive from, watch-only: the server never holds a key that can spend deposits.
   * Required in production for EVM deposits; outside production a fixed development key is used.
   */
  DEPOSIT_XPUB: z.string().trim().refine(isPublicExtendedKey, "must be an extended public key (xpub…), never a private one").optional(),
  /** JSON-RPC endpoints of the EVM chains to watch, by chain id: "56=https://bsc.example,1=https://eth.example". */
  CHAIN_RPC_URLS: z
    .string()
    .trim()
    .regex(/^(\d{1,10}=https?:\/\/[^,\s]+(,|$))*$/, "must be chainId=URL pairs separated by commas, such as 56=https://bsc.example")
    .default(""),
  /** How often a chain watcher looks for new blocks. */
  CHAIN_POLL_MS: duration(4_000),
  /** Chain watching goes to one process per network at a time: the lease it renews every third of this. */
  CHAIN_LEASE_SECONDS: duration(30),
  /**
   * Development only (`npm run chain`): the demo USDT contract on the local chain 56. At start, the
   * USDT BEP20 network is pointed at it (stored: it stays until changed). Refused in production.
   */
  CHAIN_DEV_USDT: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{40}$/, "must be a contract address (0x and 40 hex digits)")
    .transform((a) => a.toLowerCase())
    .optional(),
  /** Chat messages one account may send per minute (order, merchant and live chat each). */
  RATE_LIMIT_CHAT_PER_MINUTE: duration(30),
  /** Per-IP request limits (per minute). RATE_LIMITS=off turns them all off, e.g. behind a limiting proxy. */
  RATE_LIMITS: z.enum(["on", "off"]).default("on"),
  RATE_LIMIT_SIGN_IN_PER_MINUTE: duration(300),
  RATE_LIMIT_SIGN_UP_PER_MINUTE: duration(60),
  RATE_LIMIT_PASSWORD_PER_MINUTE: duration(30),
  RATE_LIMIT_CHECKS_PER_MINUTE: duration(120),
  WEB_DIST: z.string().optional(),
});

export type Config = Omit<z.infer<typeof schema>, "HOST" | "CHAIN_RPC_URLS"> & {
  HOST: string;
  /** The EVM chains to watch: chain id → JSON-RPC URL. */
  chainRpcUrls: ReadonlyMap<number, string>;
  /** Where EVM deposit addresses derive from; null in production without DEPOSIT_XPUB (EVM deposits closed). */
  depositXpub: string | null;
  publicUrl: string;
  sessionSecret: string;
  googleConfigured: boolean;
  isProduction: boolean;
};

export class ConfigError extends Error {}

/** Reads the environment; a bad value throws a ConfigError naming each variable and what is wrong. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  const isProduction = c.NODE_ENV === "production";
  if (isProduction && !c.SESSION_SECRET) {
    throw new ConfigError("Invalid configuration:\n  SESSION_SECRET: required in production (at least 32 characters)");
  }
  if (isProduction && c.CHAIN_DEV_USDT) {
    throw new ConfigError("Invalid configuration:\n  CHAIN_DEV_USDT: development only (npm run chain), never in production");
  }
  if (isProduction && !c.PUBLIC_URL) {
    throw new ConfigError("Invalid configuration:\n  PUBLIC_URL: required in production");
  }
  if (Boolean(c.GOOGLE_CLIENT_ID) !== Boolean(c.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError("Invalid configuration:\n  GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET: set both or neither");
  }
  const fcm = [c.FCM_PROJECT_ID, c.FCM_CLIENT_EMAIL, c.FCM_PRIVATE_KEY].filter(Boolean).length;
  if (fcm !== 0 && fcm !== 3) {
    throw new ConfigError("Invalid configuration:\n  FCM_PROJECT_ID / FCM_CLIENT_EMAIL / FCM_PRIVATE_KEY: set all three or none");
  }
  const { CHAIN_RPC_URLS, ...rest } = c;
  return {
    ...rest,
    chainRpcUrls: new Map(
      CHAIN_RPC_URLS.split(",")
        .filter(Boolean)
        .map((pair) => {
          const at = pair.indexOf("=");
          return [Number(pair.slice(0, at)), pair.slice(at + 1)] as const;
        }),
    ),
    depositXpub: c.DEPOSIT_XPUB ?? (isProduction ? null : DEVELOPMENT_DEPOSIT_XPUB),
    HOST: c.HOST ?? (isProduction ? "0.0.0.0" : "127.0.0.1"),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ""),
    // Outside production a fixed dev secret keeps sessions valid across restarts.
    sessionSecret: c.SESSION_SECRET ?? "dev-only-session-secret-change-me-in-production!",
    googleConfigured: Boolean(c.GOOGLE_CLIENT_ID && c.GOOGLE_CLIENT_SECRET),
    isProduction,
  };
}
