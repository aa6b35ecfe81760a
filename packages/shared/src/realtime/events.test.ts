import { describe, expect, it } from "vitest";
import { REALTIME_PAYLOADS } from "../schemas/realtime.js";
import type { RealtimeEvent } from "./events.js";
import { REALTIME_EVENTS } from "./names.js";
import { orderTopic } from "./topics.js";

/** What a subscriber does with an event: it reads the payload only after narrowing on `event`. */
function contentOf(e: RealtimeEvent): string | null {
  if (e.event === REALTIME_EVENTS.chatMessage) return e.payload.content;
  if (e.event === REALTIME_EVENTS.chatTyping) {
    // @ts-expect-error -- a typing event carries no message content
    return e.payload.content as string;
  }
  return null;
}

const message: RealtimeEvent = {
  id: 7,
  topic: orderTopic("o1"),
  event: REALTIME_EVENTS.chatMessage,
  payload: {
    id: "m1",
    order_id: "o1",
    kind: "text",
    sender_id: "u1",
    sender_username: "ada",
    content: "paid",
    image: null,
    created_at: "2026-01-01T00:00:00.000Z",
  },
};

describe("the realtime event map", () => {
  it("gives each event the payload its schema describes, narrowed by its name", () => {
    expect(REALTIME_PAYLOADS[message.event].safeParse(message.payload).success).toBe(true);
    expect(contentOf(message)).toBe("paid");
  });

  it("refuses, at compile time, a payload that belongs to another event", () => {
    const typingAsMessage: RealtimeEvent = {
      id: null,
      topic: orderTopic("o1"),
      event: REALTIME_EVENTS.chatMessage,
      // @ts-expect-error -- chat.message needs a message, not who is typing
      payload: { order_id: "o1", user_id: "u1", username: "ada" },
    };
    expect(REALTIME_PAYLOADS[typingAsMessage.event].safeParse(typingAsMessage.payload).success).toBe(false);
  });
});
