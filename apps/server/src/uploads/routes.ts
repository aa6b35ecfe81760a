import type { FastifyInstance } from "fastify";
import { UPLOAD_MAX_BYTES } from "@p2p/shared";
import type { AppContext } from "../context.js";
import { readImageBody } from "./read-image-body.js";
import { storeUpload } from "./store-upload.js";
import { loadVisibleUpload } from "./upload-access.js";

type IdParams = { Params: { id: string } };

/** Image uploads (docs/API.md "Uploads"): the raw image as the body, served back only to those who may see it. */
export async function uploadRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scoped) => {
    // Only in this scope: every body is read as raw image bytes (other types are refused by readImageBody).
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser("*", (req, payload, done) => {
      readImageBody(req.headers["content-type"], payload).then(
        (bytes) => done(null, bytes),
        (err: Error) => done(err, undefined),
      );
    });

    scoped.post(
      "/api/uploads",
      {
        bodyLimit: UPLOAD_MAX_BYTES + 1024,
        // Sign-in is checked before the body is read, so strangers cannot make the server buffer images.
        preParsing: async (req) => {
          await ctx.auth.require(req);
        },
      },
      async (req, reply) => {
        const user = await ctx.auth.require(req);
        const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const upload = await storeUpload({ db: ctx.db, config: ctx.config, caller: user, bytes });
        return reply.status(201).send({ upload });
      },
    );
  });

  app.get<IdParams>("/api/uploads/:id", async (req, reply) => {
    const user = await ctx.auth.require(req);
    const upload = await loadVisibleUpload(ctx.db, req.params.id, user);
    return reply
      .header("Content-Type", upload.contentType)
      .header("Content-Length", upload.byteSize)
      .header("X-Content-Type-Options", "nosniff")
      .header("Cache-Control", "private, max-age=86400, immutable")
      .header("Content-Disposition", "inline")
      .header("ETag", `"${upload.sha256}"`)
      .send(upload.data);
  });
}
