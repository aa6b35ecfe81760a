import { describe, expect, it } from "vitest";
import { ADMIN_TOPIC, orderTopic, REALTIME_EVENTS } from "@p2p/shared";
import type { Tx } from "../db/client.js";
import type { appendEvent } from "./append-event.js";
import type { NewEvent } from "./event-types.js";

/**
 * Type-level: these checks run in `npm run typecheck`, which fails if a line marked
 * `@ts-expect-error` compiles, that is if an event could be appended with another event's payload.
 */
const appendsOnlyMatchingPayloads = (append: typeof appendEvent, tx: Tx) => [
  append(tx, ADMIN_TOPIC, REALTIME_EVENTS.adminQueueChanged, { queue: "deposits" }),
  // @ts-expect-error -- an order's state is not an admin queue change
  append(tx, ADMIN_TOPIC, REALTIME_EVENTS.adminQueueChanged, { order_id: "o1" }),
  // @ts-expect-error -- not one of the admins' queues
  append(tx, ADMIN_TOPIC, REALTIME_EVENTS.adminQueueChanged, { queue: "offers" }),
  // @ts-expect-error -- not an event name of the map
  append(tx, ADMIN_TOPIC, "admin.anything", { queue: "deposits" }),
];

const typing: NewEvent = {
  topic: orderTopic("o1"),
  type: REALTIME_EVENTS.chatTyping,
  payload: { order_id: "o1", user_id: "u1", username: "ada" },
};
const typingWithoutItsUser: NewEvent = {
  topic: orderTopic("o1"),
  type: REALTIME_EVENTS.chatTyping,
  // @ts-expect-error -- chat.typing carries who is typing
  payload: { order_id: "o1" },
};

describe("appended realtime events are typed by the event map", () => {
  it("keeps an event's name and payload together", () => {
    expect(appendsOnlyMatchingPayloads).toBeTypeOf("function");
    expect(typing.payload).toEqual({ order_id: "o1", user_id: "u1", username: "ada" });
    expect(typingWithoutItsUser.type).toBe("chat.typing");
  });
});
