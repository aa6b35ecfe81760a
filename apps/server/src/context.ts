import type { FastifyRequest } from "fastify";
import type { Logger } from "pino";
import type { Role } from "@p2p/shared";
import type { Config } from "./config.js";
import type { Database, Db } from "./db/client.js";
import type { JobRunner } from "./jobs/runner.js";
import type { Bus } from "./realtime/bus.js";
import { Metrics } from "./observability/metrics.js";
import { currentUser, requireRole, requireUser, type AuthUser } from "./auth/current-user.js";

/** Everything a domain's routes and use cases need, built once per process. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  log: Logger;
  jobs: JobRunner;
  /** Realtime messages to every server process (Redis when REDIS_URL is set). */
  bus: Bus;
  /** This process's Prometheus metrics (GET /metrics). */
  metrics: Metrics;
  auth: {
    current(req: FastifyRequest): Promise<AuthUser | null>;
    require(req: FastifyRequest): Promise<AuthUser>;
    requireRole(req: FastifyRequest, ...roles: Role[]): Promise<AuthUser>;
  };
};

export function createContext(config: Config, database: Database, log: Logger, jobs: JobRunner, bus: Bus): AppContext {
  const { db } = database;
  const secret = config.sessionSecret;
  return {
    config,
    database,
    db,
    log,
    jobs,
    bus,
    metrics: new Metrics(database),
    auth: {
      current: (req) => currentUser(req, db, secret),
      require: (req) => requireUser(req, db, secret),
      requireRole: (req, ...roles) => requireRole(req, db, secret, ...roles),
    },
  };
}
