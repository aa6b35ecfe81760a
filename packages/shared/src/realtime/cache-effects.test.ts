import { describe, expect, it } from "vitest";
import { REALTIME_PAYLOADS } from "../schemas/realtime.js";
import { cacheEffectsOf, REALTIME_CACHE_EFFECTS, type CacheView } from "./cache-effects.js";
import type { RealtimeEvent } from "./events.js";
import { REALTIME_EVENTS, type RealtimeEventName } from "./names.js";

const me = { userId: "u-me" };
const at = "2026-01-01T00:00:00.000Z";

const viewsOf = (event: RealtimeEvent) =>
  cacheEffectsOf(event, me).map((v) => ("id" in v ? `${v.view}:${v.id}` : "queue" in v ? `${v.view}:${v.queue}` : v.view));
const on = <E extends RealtimeEventName>(event: E, payload: RealtimeEvent<E>["payload"]) => ({ id: 1, topic: "t", event, payload }) as RealtimeEvent;

const notification = (type: string, orderId: string | null) =>
  on(REALTIME_EVENTS.notificationCreated, {
    id: "n1",
    title: "t",
    message: "m",
    type: type as never,
    order_id: orderId,
    is_read: false,
    created_at: at,
  } as never);

describe("the realtime cache effects", () => {
  it("declares every event type (a new event without an entry fails here)", () => {
    const names = Object.values(REALTIME_EVENTS).sort();
    expect(Object.keys(REALTIME_CACHE_EFFECTS).sort()).toEqual(names);
    expect(Object.keys(REALTIME_PAYLOADS).sort()).toEqual(names);
    for (const name of names) expect(typeof REALTIME_CACHE_EFFECTS[name]).toBe("function");
  });

  it("refreshes the rated person's dashboard (Reputation Score) and profile", () => {
    expect(viewsOf(on(REALTIME_EVENTS.ratingReceived, { order_id: "o1", stars: 4, reputation_score: "4.00" }))).toEqual(["dashboard", "profile"]);
  });

  it("refreshes the wallet when an admin decides a deposit (admin_feedback)", () => {
    expect(viewsOf(notification("admin_feedback", null))).toEqual(
      expect.arrayContaining(["wallet", "history", "dashboard", "notifications", "badges"]),
    );
  });

  it("refreshes Listed Coins and the offers when a watched coin's price changes", () => {
    expect(viewsOf(notification("price_update", null))).toEqual(expect.arrayContaining(["coins", "offers", "notifications"]));
  });

  it("refreshes the support chat of its owner when the session changes or an agent writes", () => {
    const session = {
      id: "s1",
      user_id: "u1",
      username: "ada",
      status: "open",
      created_at: at,
      last_message_at: at,
      last_message: "hi",
      closed_at: null,
    };
    expect(viewsOf(on(REALTIME_EVENTS.liveChatSession, session as never))).toEqual(expect.arrayContaining(["liveChat:s1", "liveChatMine"]));
    const message = { id: "m1", session_id: "s1", sender_id: "a1", sender_type: "admin", message: "hello", created_at: at };
    expect(viewsOf(on(REALTIME_EVENTS.liveChatMessage, message as never))).toEqual(expect.arrayContaining(["liveChat:s1", "liveChatMine"]));
  });

  it("refreshes the order's page, the lists and the balances it moves on every order change", () => {
    const state = { order_id: "o1", status: "completed", current_step: 5, is_active: false, action: "confirm_payment", updated_at: at };
    for (const event of [REALTIME_EVENTS.orderUpdated, REALTIME_EVENTS.orderChanged] as const) {
      expect(viewsOf(on(event, state))).toEqual(expect.arrayContaining(["order:o1", "orderLists", "dashboard", "wallet", "chatList", "badges"]));
    }
  });

  it("refreshes the Marketplace when an open request comes or goes", () => {
    expect(viewsOf(on(REALTIME_EVENTS.marketplaceChanged, { order_id: "o1", coin: "PI", open: true }))).toEqual(["marketplace", "badges"]);
  });

  it("counts a merchant group message as unseen only when someone else wrote it", () => {
    const message = (sender: string) =>
      on(REALTIME_EVENTS.merchantChatMessage, {
        id: "m1",
        sender_id: sender,
        sender_username: "x",
        sender_role: "merchant",
        content: "hi",
        created_at: at,
      });
    expect(viewsOf(message("u-other"))).toEqual(["merchantChat", "badges"]);
    expect(viewsOf(message(me.userId))).toEqual(["merchantChat"]);
  });

  it("names the admin queue an action changed", () => {
    const effects: readonly CacheView[] = cacheEffectsOf(on(REALTIME_EVENTS.adminQueueChanged, { queue: "deposits" }), me);
    expect(effects).toContainEqual({ view: "adminQueue", queue: "deposits" });
  });
});
