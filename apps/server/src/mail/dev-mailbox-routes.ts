import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { desc } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { devMailbox } from "../db/schema.js";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const linkify = (text: string) => escape(text).replace(/(https?:\/\/[^\s<]+)/g, (url) => `<a href="${url}">${url}</a>`);

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * The mailbox holds every account's reset links: only a browser on this machine may read it. The
 * connection's own address decides (X-Forwarded-For could name any), so behind a proxy it is 404 too.
 */
export async function loopbackOnly(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!LOOPBACK.has(req.socket.remoteAddress ?? "")) return reply.callNotFound();
}

/** Mail the dev transport delivered; never registered in production, and answered only on loopback. */
export async function devMailboxRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const latest = () => ctx.db.select().from(devMailbox).orderBy(desc(devMailbox.id)).limit(100);

  app.get("/dev/mailbox.json", { onRequest: loopbackOnly }, async () => ({ messages: await latest() }));

  app.get("/dev/mailbox", { onRequest: loopbackOnly }, async (_req, reply) => {
    const messages = await latest();
    const items = messages
      .map(
        (m) => `<article><h2>${escape(m.subject)}</h2><p class="meta">To ${escape(m.to)} · ${m.createdAt.toISOString()}</p>
<pre>${linkify(m.text)}</pre></article>`,
      )
      .join("\n");
    reply.type("text/html").send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Dev mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#0f172a}
article{border:1px solid #e2e8f0;border-radius:12px;padding:1rem 1.25rem;margin:1rem 0}
h2{font-size:1.05rem;margin:0}.meta{color:#64748b;font-size:.85rem}pre{white-space:pre-wrap;font:inherit}
a{color:#059669;word-break:break-all}</style></head><body>
<h1>Dev mailbox</h1><p class="meta">Mail sent while SMTP_URL is not set. Newest first.</p>
${items || "<p>No mail yet.</p>"}</body></html>`);
  });
}
