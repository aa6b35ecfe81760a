import { ConfigError, loadConfig } from "./config.js";
import { openDatabase, startServer } from "./server.js";
import { seedDemoData, printDemoSignIns } from "./seed/seed-demo.js";

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }

  const started = performance.now();
  // Demo accounts are seeded before the server listens: once it answers, they can sign in.
  const database = await openDatabase(config);
  const accounts = config.isProduction ? [] : await seedDemoData(database.db);
  const server = await startServer(config, { database });
  printDemoSignIns(accounts, config.publicUrl);
  server.ctx.log.info({ url: config.publicUrl, store: server.ctx.database.store, ms: Math.round(performance.now() - started) }, "server ready");

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.ctx.log.info({ signal }, "shutting down");
    // close() cuts what is left after the grace; this ends a stop that hangs anyway (a stuck database call).
    const force = setTimeout(() => process.exit(1), config.SHUTDOWN_GRACE_MS + 5_000);
    force.unref();
    await server.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
