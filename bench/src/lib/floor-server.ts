import type { FastifyInstance } from "fastify";
import type pg from "pg";

/** A floor server (orders' and realtime's HTTP floors) ends as the product does on SIGTERM: its server closed, then its pool. */
export function closeOnSigterm(app: FastifyInstance, pool: pg.Pool): void {
  process.on(
    "SIGTERM",
    () =>
      void app
        .close()
        .then(() => pool.end())
        .then(() => process.exit(0)),
  );
}
