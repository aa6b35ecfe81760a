import pino, { type Logger } from "pino";
import type { FastifyInstance } from "fastify";
import type { Config } from "./config.js";
import { openPglite, openPostgres, type Database } from "./db/client.js";
import { JobRunner } from "./jobs/runner.js";
import { createContext, type AppContext } from "./context.js";
import { buildApp, type App } from "./app.js";
import { createMailTransport, registerMailJob, type MailTransport } from "./mail/mailer.js";
import { registerTradingJobs } from "./orders/timers.js";
import { prepareTradingStore } from "./ledger/prepare-trading-store.js";
import { createBus } from "./realtime/bus.js";
import { deploymentId } from "./realtime/deployment.js";
import { registerRealtimeJobs, schedulePruneEvents } from "./realtime/prune-events.js";
import { registerUploadJobs, schedulePruneUploads } from "./uploads/prune-uploads.js";
import { registerPayoutJobs, schedulePayoutVerification } from "./payouts/verify-payouts.js";
import { registerReserveJobs, scheduleReserveJobs } from "./reserves/jobs.js";
import { scheduleSessionPurge } from "./auth/purge-ended-sessions.js";
import { createTelegram, type Telegram } from "./telegram/telegram.js";
import { registerTelegramJob } from "./telegram/send-job.js";
import { createPushSender, registerPushJob } from "./push/send-job.js";
import { ChainWatcher } from "./chain/chain-watcher.js";
import { applyDevChainToken } from "./chain/dev-chain-routes.js";

export type RunningServer = App & {
  ctx: AppContext;
  /** The Telegram bot, when TELEGRAM_BOT_TOKEN is set. */
  telegram: Telegram | null;
  url: string;
  close(): Promise<void>;
};

export type StartOptions = {
  /** An already open database (tests share one per file); otherwise opened from the config. */
  database?: Database;
  logger?: Logger;
  /** Replaces the configured mail transport (tests use a capturing one). */
  mailTransport?: MailTransport;
  /** Tests drive the job runner by hand. */
  startJobs?: boolean;
  listen?: boolean;
};

/**
 * JSON lines for machines (production, a pipe, a log collector); readable lines when a developer
 * watches the server in a terminal.
 */
function productLogger(config: Config): Logger {
  if (config.isProduction || !process.stdout.isTTY) return pino({ level: config.LOG_LEVEL });
  return pino({
    level: config.LOG_LEVEL,
    transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" } },
  });
}

export async function openDatabase(config: Config): Promise<Database> {
  return config.DATABASE_URL ? openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE) : openPglite(config.DATA_DIR);
}

/** Opens the store, builds the app, starts the job runner and listens: the whole product. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const log = options.logger ?? productLogger(config);
  const database = options.database ?? (await openDatabase(config));
  const jobs = new JobRunner(database.db, log, config.JOB_POLL_MS, config.JOB_LEASE_SECONDS);
  const bus = await createBus(config.REDIS_URL, log, async () => {
    const deployment = await deploymentId(database);
    return { deployment, prefix: config.REDIS_PREFIX ?? `p2p:${deployment}` };
  });
  const ctx = createContext(config, database, log, jobs, bus);
  registerMailJob(jobs, options.mailTransport ?? createMailTransport(config, database.db));
  registerTradingJobs(jobs, config, ctx.metrics);
  registerRealtimeJobs(jobs, config);
  registerUploadJobs(jobs);
  registerPayoutJobs(jobs, config);
  registerReserveJobs(jobs, config);
  const telegram = createTelegram(config, database.db, log);
  if (telegram) registerTelegramJob(jobs, telegram, log);
  registerPushJob(jobs, createPushSender(config), log);
  await prepareTradingStore(database.db, config);
  await applyDevChainToken(database.db, config);
  await schedulePruneEvents(database.db);
  await schedulePruneUploads(database.db);
  await schedulePayoutVerification(database.db);
  await scheduleSessionPurge(database.db);
  await scheduleReserveJobs(database.db);

  const app = await buildApp(ctx, telegram);
  let url = config.publicUrl;
  if (options.listen !== false) {
    const address = await app.server.listen({ port: config.PORT, host: config.HOST });
    url = address.replace("0.0.0.0", "localhost").replace("[::]", "localhost");
  } else {
    await app.server.ready();
  }
  if (options.startJobs !== false) jobs.start();
  await telegram?.start();
  const chainWatcher = new ChainWatcher(database.db, log, config, ctx.metrics);
  chainWatcher.start();

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      const cut = setTimeout(() => cutConnections(app.server), config.SHUTDOWN_GRACE_MS);
      app.hub.closeAll();
      await telegram?.stop();
      await chainWatcher.stop();
      await app.server.close();
      clearTimeout(cut);
      await jobs.stop();
      await bus.close();
      if (!options.database) await database.close();
    })());

  return { ...app, ctx, telegram, url, close };
}

/** Ends every connection still open, mid-request or mid-handshake, without waiting for its peer. */
function cutConnections(server: FastifyInstance): void {
  for (const socket of server.websocketServer.clients) socket.terminate();
  server.server.closeAllConnections();
}
