import { NO_SUCH, type NoSuchThing } from "@p2p/shared";
import { z } from "zod";
import { AppError } from "../http/errors.js";

const uuid = z.string().uuid();

/** A malformed id names nothing: 404, like an id that is not the caller's. */
export function requireUuid(id: string, what: NoSuchThing): void {
  if (!uuid.safeParse(id).success) throw new AppError("NOT_FOUND", NO_SUCH[what]);
}
