import type { FastifyInstance, FastifyRequest } from "fastify";
import { adminMerchantApplicationsQuery, emptyRequest, merchantApplicationRequest, reviewReasonRequest } from "@p2p/shared";
import type { AppContext } from "../context.js";
import { parse } from "../http/parse.js";
import { decideApplication } from "./decide-application.js";
import { getApplicationDocument } from "./get-application-document.js";
import { getMyApplication } from "./get-my-application.js";
import { listApplications } from "./list-applications.js";
import { submitApplication } from "./submit-application.js";

const idParam = (req: FastifyRequest) => (req.params as { id: string }).id;
/** The form carries the ID document photo (at most 5 MB, base64 in JSON). */
const APPLICATION_BODY_LIMIT = 7 * 1024 * 1024 + 64 * 1024;

export async function merchantApplicationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get("/api/merchant-application", async (req) => {
    const user = await ctx.auth.require(req);
    return { application: await getMyApplication({ db: ctx.db, userId: user.id }) };
  });

  app.post("/api/merchant-application", { bodyLimit: APPLICATION_BODY_LIMIT }, async (req, reply) => {
    const user = await ctx.auth.require(req);
    const input = parse(merchantApplicationRequest, req.body);
    const application = await submitApplication({ db: ctx.db, userId: user.id, input });
    return reply.status(201).send({ application });
  });

  app.get("/api/admin/merchant-applications", async (req) => {
    await ctx.auth.requireRole(req, "admin");
    return listApplications({ db: ctx.db, query: parse(adminMerchantApplicationsQuery, req.query) });
  });

  app.get("/api/admin/merchant-applications/:id/document", async (req, reply) => {
    await ctx.auth.requireRole(req, "admin");
    const document = await getApplicationDocument({ db: ctx.db, applicationId: idParam(req) });
    return reply.type(document.type).header("cache-control", "private, no-store").header("content-disposition", "inline").send(document.bytes);
  });

  app.post("/api/admin/merchant-applications/:id/approve", async (req) => {
    const admin = await ctx.auth.requireRole(req, "admin");
    parse(emptyRequest, req.body);
    const application = await decideApplication({ db: ctx.db, adminId: admin.id, applicationId: idParam(req), decision: { status: "approved" } });
    return { application };
  });

  app.post("/api/admin/merchant-applications/:id/reject", async (req) => {
    const admin = await ctx.auth.requireRole(req, "admin");
    const { reason } = parse(reviewReasonRequest, req.body);
    const application = await decideApplication({
      db: ctx.db,
      adminId: admin.id,
      applicationId: idParam(req),
      decision: { status: "rejected", reason },
    });
    return { application };
  });
}
