import type { ChatMessage } from "@p2p/shared";
import type { Tx } from "../db/client.js";
import { insertChatMessages, type NewChatMessage } from "./insert-chat-messages.js";

/**
 * One person's message into an order's chat inside the caller's transaction, its unit of the
 * sender's chat limit already taken there and their right to write checked (image messages and
 * payment proofs: the upload is attached first). The same statement, rows and events as every
 * other chat message (insert-chat-messages.ts).
 */
export async function writeChatMessage(tx: Tx, message: Omit<NewChatMessage, "cap" | "proof" | "key">): Promise<ChatMessage> {
  const [written] = await insertChatMessages(tx, [{ ...message, cap: null }]);
  if (written instanceof Error) throw written;
  return written!;
}
