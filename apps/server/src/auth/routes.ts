import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";

export async function authRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
