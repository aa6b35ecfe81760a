import { COIN, NAIRA_PER_TRADE, NOTIFICATION_PAGE_SIZE } from "./config.js";
import type { Recorder } from "./drive.js";
import type { LoadClient } from "./http.js";

export type Party = { id: string; token: string };

/** The requests of one iteration, in order, by route pattern (the JSON names the mix with it). */
export const SESSION_MIX = [
  "buyer browses /trade-merchants: GET /api/coins, GET /api/offers?coin=USDT&side=buy, GET /api/wallet",
  "buyer POST /api/orders (Idempotency-Key), then a chat message POST /api/orders/:id/messages",
  "merchant POST /api/orders/:id/accept (Idempotency-Key), then a chat message",
  "buyer GET /api/orders/:id/messages, POST /api/orders/:id/mark-paid (Idempotency-Key)",
  "merchant POST /api/orders/:id/confirm-payment (Idempotency-Key): the trade is complete",
  "buyer GET /api/notifications?unread=true, POST /api/notifications/read { ids }; merchant POST /api/notifications/read-all",
];

/**
 * One virtual user's iteration: a person browsing the offers, then buying from a merchant with
 * chat on the order, then clearing their notifications. The merchant's side of the trade is done
 * by the same virtual user with the merchant's session.
 */
export async function tradeSession(http: LoadClient, recorder: Recorder, buyer: Party, merchant: Party): Promise<void> {
  const call = recorder.call.bind(recorder);
  const asBuyer = { token: buyer.token };
  const asMerchant = { token: merchant.token };

  await call("GET /api/coins", 200, () => http.get("/api/coins", asBuyer));
  await call("GET /api/offers", 200, () => http.get(`/api/offers?coin=${COIN}&side=buy`, asBuyer));
  await call("GET /api/wallet", 200, () => http.get("/api/wallet", asBuyer));

  const created = await call("POST /api/orders", 201, () =>
    http.post("/api/orders", {
      ...asBuyer,
      idempotent: true,
      body: { merchant_id: merchant.id, coin: COIN, side: "buy", naira_amount: NAIRA_PER_TRADE },
    }),
  );
  const order = `/api/orders/${created.body.order.id as string}`;
  await call("POST /api/orders/:id/messages", 201, () =>
    http.post(`${order}/messages`, { ...asBuyer, body: { content: "Hello, I will pay right away." } }),
  );

  await call("POST /api/orders/:id/accept", 200, () => http.post(`${order}/accept`, { ...asMerchant, idempotent: true }));
  await call("POST /api/orders/:id/messages", 201, () =>
    http.post(`${order}/messages`, { ...asMerchant, body: { content: "Accepted. Account details are above." } }),
  );

  await call("GET /api/orders/:id/messages", 200, () => http.get(`${order}/messages`, asBuyer));
  await call("POST /api/orders/:id/mark-paid", 200, () => http.post(`${order}/mark-paid`, { ...asBuyer, idempotent: true }));
  await call(
    "POST /api/orders/:id/confirm-payment",
    200,
    () => http.post(`${order}/confirm-payment`, { ...asMerchant, idempotent: true }),
    (answer) => (answer.body?.order?.status === "completed" ? null : `the order is ${answer.body?.order?.status}`),
  );
  recorder.done();

  const listed = await call("GET /api/notifications", 200, () =>
    http.get(`/api/notifications?unread=true&page=1&page_size=${NOTIFICATION_PAGE_SIZE}`, asBuyer),
  );
  const ids = (listed.body.notifications as { id: string }[]).map((n) => n.id);
  if (ids.length > 0) await call("POST /api/notifications/read", 200, () => http.post("/api/notifications/read", { ...asBuyer, body: { ids } }));
  await call("POST /api/notifications/read-all", 200, () => http.post("/api/notifications/read-all", { ...asMerchant, body: {} }));
}
