import type { FastifyInstance, FastifyRequest } from "fastify";
import { adminListComplaintsQuery, complaintMessageRequest, complaintStatusRequest, createComplaintRequest, listComplaintsQuery } from "@p2p/shared";
import type { AppContext } from "../context.js";
import { parse } from "../http/parse.js";
import { addFollowUp } from "./add-follow-up.js";
import { changeComplaintStatus } from "./change-complaint-status.js";
import { createComplaint } from "./create-complaint.js";
import { getComplaint } from "./get-complaint.js";
import { listAllComplaints, listMyComplaints } from "./list-complaints.js";
import { replyToComplaint } from "./reply-to-complaint.js";

const complaintId = (req: FastifyRequest) => (req.params as { id: string }).id;
const threadLimit = { config: { rateLimit: { max: 60, timeWindow: "1 hour" } } };

export async function complaintRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post("/api/complaints", { config: { rateLimit: { max: 20, timeWindow: "1 hour" } } }, async (req, reply) => {
    const user = await ctx.auth.require(req);
    const input = parse(createComplaintRequest, req.body);
    reply.status(201).send(await createComplaint(ctx.db, user.id, input));
  });

  app.get("/api/complaints", async (req) => {
    const user = await ctx.auth.require(req);
    return listMyComplaints({ db: ctx.db, userId: user.id, query: parse(listComplaintsQuery, req.query) });
  });

  app.get("/api/complaints/:id", async (req) => {
    const user = await ctx.auth.require(req);
    return getComplaint({ db: ctx.db, callerId: user.id, complaintId: complaintId(req), asAdmin: false });
  });

  app.post("/api/complaints/:id/messages", threadLimit, async (req, reply) => {
    const user = await ctx.auth.require(req);
    const { message } = parse(complaintMessageRequest, req.body);
    reply.status(201).send(await addFollowUp({ db: ctx.db, userId: user.id, complaintId: complaintId(req), message }));
  });

  app.get("/api/admin/complaints", async (req) => {
    await ctx.auth.requireRole(req, "admin");
    return listAllComplaints({ db: ctx.db, query: parse(adminListComplaintsQuery, req.query) });
  });

  app.get("/api/admin/complaints/:id", async (req) => {
    const admin = await ctx.auth.requireRole(req, "admin");
    return getComplaint({ db: ctx.db, callerId: admin.id, complaintId: complaintId(req), asAdmin: true });
  });

  app.post("/api/admin/complaints/:id/replies", async (req, reply) => {
    const admin = await ctx.auth.requireRole(req, "admin");
    const { message } = parse(complaintMessageRequest, req.body);
    reply.status(201).send(await replyToComplaint({ db: ctx.db, adminId: admin.id, complaintId: complaintId(req), message }));
  });

  app.post("/api/admin/complaints/:id/status", async (req) => {
    const admin = await ctx.auth.requireRole(req, "admin");
    const { status, message } = parse(complaintStatusRequest, req.body);
    return changeComplaintStatus({ db: ctx.db, adminId: admin.id, complaintId: complaintId(req), status, message });
  });
}
