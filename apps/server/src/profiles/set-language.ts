import { eq } from "drizzle-orm";
import type { Language } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { users } from "../db/schema.js";

/** Stores the caller's language: the app switches to it on sign-in; mail, Telegram and push speak it. */
export async function setLanguage(db: Db, userId: string, language: Language): Promise<{ language: Language }> {
  await db.update(users).set({ language }).where(eq(users.id, userId));
  return { language };
}
