import { depositBody, OFFER } from "./trading-fixtures.js";

/**
 * Who may call each endpoint: the single declaration `authorization.test.ts` checks every
 * registered route against. A route missing here fails that test, so each new endpoint must say
 * who it is for.
 *
 * The people: `anon` (signed out), `userA` (owns every object below), `userB` (another user),
 * `merchant` (userA's counterparty on the order), `merchantB` (a merchant with no part in it),
 * `admin`, and `suspended` (a suspended user). `allow` lists who gets through; everyone else is
 * refused: 401 signed out or suspended, 403 for a wrong role, and 404 (never 403: ids leak
 * nothing) for a caller whose role may use the endpoint but who has no part in the object.
 */
export type Actor = "anon" | "userA" | "userB" | "merchant" | "merchantB" | "admin" | "suspended";
export const SIGNED_IN: Actor[] = ["userA", "userB", "merchant", "merchantB", "admin"];
const MERCHANTS: Actor[] = ["merchant", "merchantB"];
const TRADERS: Actor[] = ["userA", "userB", ...MERCHANTS];

/**
 * The objects the path parameters point at, all userA's (the orders are with `merchant`; `session`
 * is a second session of userA's), except `application` (another applicant's merchant application)
 * and `victim` (a user the admin endpoints act on).
 */
export type ObjectKind =
  | "order"
  | "disputed"
  | "complaint"
  | "deposit"
  | "withdrawal"
  | "liveChat"
  | "coin"
  | "network"
  | "session"
  | "application"
  | "victim"
  | "payoutBatch";

export type Rule = {
  allow: "public" | Actor[];
  /** What `:id` / `:symbol` / `:coin/:code` in the path name. */
  object?: ObjectKind;
  /** A body that passes validation, so refusals are about who is asking. */
  body?: unknown;
  /** The call ends or replaces the caller's session: each allowed call gets a session of its own. */
  ownSession?: true;
  /**
   * The order state machine may still say "not your move" (403) to an allowed party, depending on
   * the order's state and who opened the appeal; outsiders are refused all the same.
   */
  stateful?: true;
  /** Not an HTTP endpoint in the usual sense; why it is checked elsewhere. */
  elsewhere?: string;
};

const payout = { bank_name: "GTBank", account_number: "0987654321", account_name: "Ada Trader" };
const txHash = `0x${"ab".repeat(32)}`;

export const MATRIX: Record<string, Rule> = {
  // Public: no session needed.
  "GET /api/health": { allow: "public" },
  "GET /metrics": { allow: "public", elsewhere: "answers only the METRICS_TOKEN Bearer token (observability/metrics.test.ts)" },
  "GET /api/auth/providers": { allow: "public" },
  "GET /api/auth/session": { allow: "public" },
  "GET /api/auth/confirm": { allow: "public" },
  "GET /api/auth/sign-in-link": { allow: "public" },
  "GET /api/auth/google": { allow: "public" },
  "GET /api/auth/google/callback": { allow: "public" },
  "GET /api/auth/check-username": { allow: "public" },
  "GET /api/auth/check-phone": { allow: "public" },
  "POST /api/auth/check-email": { allow: "public", body: { email_to_check: "someone@example.test" } },
  "POST /api/auth/sign-up": {
    allow: "public",
    body: {
      full_name: "Ada Obi",
      username: "ada_obi",
      phone_number: "+2348031112222",
      email: "ada@example.test",
      password: "a-long-passphrase-2026",
    },
  },
  "POST /api/auth/sign-in": { allow: "public", body: { email: "nobody@example.test", password: "wrong-password" } },
  "POST /api/auth/refresh": { allow: "public", body: { refresh_token: "not-a-real-token" } },
  "POST /api/auth/forgot-password": { allow: "public", body: { email: "nobody@example.test" } },
  "POST /api/auth/reset-password": { allow: "public", body: { token: "not-a-real-token", password: "a-long-passphrase-2026" } },
  "POST /api/auth/sign-in/two-factor": { allow: "public", body: { challenge_token: "not-a-real-challenge", code: "123456" } },
  "POST /api/auth/resend-confirmation": { allow: "public", body: { email: "nobody@example.test" } },
  "GET /api/coins": { allow: "public" },
  // Which networks a coin moves on, with minimums and fees: what the deposit screen shows anyone.
  "GET /api/networks": { allow: "public" },
  // Proof of liabilities: the published roots (hash, total, count), shown on /status to anyone.
  "GET /api/liabilities": { allow: "public" },
  "GET /api/coins/:symbol/price-history": { allow: "public", object: "coin" },
  // The API's description only (no data): what the web app's own code already shows anyone.
  "GET /api/openapi.json": { allow: "public" },
  "GET /api/docs": { allow: "public" },
  "POST /api/telegram/webhook": { allow: "public", elsewhere: "checked by its secret-token header (telegram.test.ts)" },
  "GET /dev/mailbox": { allow: "public", elsewhere: "development only; absent in production (mailbox tests)" },
  "GET /dev/mailbox.json": { allow: "public", elsewhere: "development only; absent in production (mailbox tests)" },
  "GET /dev/deposit-address": { allow: "public", elsewhere: "development only, loopback only; absent in production (chain/dev-chain.test.ts)" },
  "GET /realtime": { allow: SIGNED_IN, elsewhere: "WebSocket: session and topic checks in realtime tests" },

  // Any signed-in person, about themselves.
  "POST /api/auth/sign-out": {
    allow: "public",
    elsewhere: "clears the cookies whoever asks; ends the caller's session if there is one (sessions.test.ts)",
  },
  "GET /api/profile": { allow: SIGNED_IN },
  "GET /api/auth/security": { allow: SIGNED_IN },
  "GET /api/auth/sessions": { allow: SIGNED_IN },
  "DELETE /api/auth/sessions/:id": { allow: ["userA"], object: "session" },
  "POST /api/auth/sessions/sign-out-others": { allow: SIGNED_IN, elsewhere: "ends the caller's other sessions (security tests)" },
  "POST /api/auth/password": { allow: SIGNED_IN, elsewhere: "ends the caller's other sessions (security tests)" },
  "POST /api/auth/two-factor/setup": { allow: SIGNED_IN, body: {} },
  "POST /api/auth/two-factor/enable": { allow: SIGNED_IN, body: { code: "123456" } },
  "POST /api/auth/two-factor/disable": { allow: SIGNED_IN, body: { password: "not-the-password", code: "123456" } },
  "POST /api/auth/two-factor/recovery-codes": { allow: SIGNED_IN, body: { password: "not-the-password", code: "123456" } },
  "GET /api/merchant-application": { allow: SIGNED_IN },
  "POST /api/merchant-application": { allow: SIGNED_IN, body: "{application}" },
  "GET /api/appeals": { allow: SIGNED_IN },
  "GET /api/appeals/:orderId": { allow: ["userA", "merchant", "admin"], object: "disputed" },
  "POST /api/appeals/:orderId/evidence": {
    allow: ["userA", "merchant"],
    object: "disputed",
    elsewhere: "evidence must be the caller's own uploads (appeals.test.ts)",
  },
  "PATCH /api/profile": { allow: SIGNED_IN, body: { username: "someone_new", phone_number: "+2348031234567" } },
  "PUT /api/profile/language": { allow: SIGNED_IN, body: { language: "yo" } },
  "GET /api/dashboard/summary": { allow: SIGNED_IN },
  "GET /api/dashboard/coin-analytics": { allow: SIGNED_IN },
  "POST /api/coins/:symbol/watch": { allow: SIGNED_IN, object: "coin" },
  "DELETE /api/coins/:symbol/watch": { allow: SIGNED_IN, object: "coin" },
  "GET /api/wallet": { allow: SIGNED_IN },
  "GET /api/wallet/entries": { allow: SIGNED_IN },
  "GET /api/wallet/deposits": { allow: SIGNED_IN },
  "GET /api/wallet/deposit-address": { allow: SIGNED_IN },
  "GET /api/wallet/liability-proof": { allow: SIGNED_IN },
  "POST /api/wallet/deposits": { allow: SIGNED_IN, body: depositBody({ coin: "PI", amount: "1", tx_hash: txHash }) },
  "GET /api/wallet/withdrawals": { allow: SIGNED_IN },
  "POST /api/wallet/withdrawals": { allow: SIGNED_IN, body: { coin: "PI", network: "Pi", amount: "1", address: "0xdestination0001" } },
  "POST /api/wallet/withdrawals/:id/cancel": { allow: ["userA"], object: "withdrawal" },
  "GET /api/orders": { allow: SIGNED_IN },
  "GET /api/badges": { allow: SIGNED_IN },
  "GET /api/transaction-history": { allow: SIGNED_IN },
  "GET /api/notifications": { allow: SIGNED_IN },
  "POST /api/notifications/read": { allow: SIGNED_IN, body: { ids: [] } },
  "POST /api/notifications/read-all": { allow: SIGNED_IN, body: {} },
  "GET /api/notification-preferences": { allow: SIGNED_IN },
  "PUT /api/notification-preferences": { allow: SIGNED_IN, body: { preferences: [] } },
  "POST /api/push/devices": { allow: SIGNED_IN, body: { token: "device-token-0123456789abcdef", platform: "android" } },
  "DELETE /api/push/devices": { allow: SIGNED_IN, body: { token: "device-token-0123456789abcdef" } },
  "GET /api/telegram/status": { allow: SIGNED_IN },
  "POST /api/telegram/link": { allow: SIGNED_IN, body: {} },
  "DELETE /api/telegram/link": { allow: SIGNED_IN },
  "GET /api/chats": { allow: SIGNED_IN },
  "GET /api/complaints": { allow: SIGNED_IN },
  "POST /api/complaints": { allow: SIGNED_IN, body: { category: "platform", subject: "App is slow", message: "Pages take long to load." } },
  "GET /api/complaints/:id": { allow: ["userA"], object: "complaint" },
  "POST /api/complaints/:id/messages": { allow: ["userA"], object: "complaint", body: { message: "Any news on this?" } },
  "GET /api/live-chat/sessions/mine": { allow: SIGNED_IN },
  "POST /api/live-chat/sessions": { allow: SIGNED_IN, body: { message: "Hello, I need help." } },
  "GET /api/live-chat/sessions/:id/messages": { allow: ["userA", "admin"], object: "liveChat" },
  "POST /api/live-chat/sessions/:id/messages": { allow: ["userA", "admin"], object: "liveChat", body: { message: "Still there?" } },
  "POST /api/live-chat/sessions/:id/read": { allow: ["userA"], object: "liveChat", body: { up_to_id: "00000000-0000-4000-8000-000000000000" } },
  "POST /api/live-chat/sessions/:id/close": { allow: ["userA", "admin"], object: "liveChat" },

  // Orders: anyone who trades places them (a merchant may trade with another merchant), merchants
  // take them; only the parties (and admins, to read) see one.
  "POST /api/orders": { allow: TRADERS, body: { merchant_id: "{merchant}", coin: "PI", side: "buy", naira_amount: "10000" } },
  "POST /api/orders/open-requests": { allow: TRADERS, body: { coin: "PI", side: "sell", naira_amount: "10000", payout } },
  "GET /api/orders/:id": { allow: ["userA", "merchant", "admin"], object: "order" },
  "POST /api/orders/:id/accept": { stateful: true, allow: ["merchant"], object: "order" },
  "POST /api/orders/:id/mark-paid": { stateful: true, allow: ["userA"], object: "order" },
  "POST /api/orders/:id/confirm-payment": { stateful: true, allow: ["merchant"], object: "order" },
  "POST /api/orders/:id/cancel": { stateful: true, allow: ["userA", "merchant"], object: "order", body: {} },
  "POST /api/orders/:id/appeal": {
    stateful: true,
    allow: ["userA", "merchant"],
    object: "order",
    body: { reason: "The other side stopped answering." },
  },
  "POST /api/orders/:id/withdraw-appeal": { stateful: true, allow: ["userA", "merchant"], object: "order" },
  "POST /api/orders/:id/rating": { stateful: true, allow: ["userA", "merchant"], object: "order", body: { stars: 5 } },
  "GET /api/orders/:id/messages": { allow: ["userA", "merchant", "admin"], object: "order" },
  "POST /api/orders/:id/messages": { allow: ["userA", "merchant"], object: "order", body: { content: "Hello" } },
  "POST /api/orders/:id/messages/read": { allow: ["userA", "merchant"], object: "order", body: { up_to_id: "00000000-0000-4000-8000-000000000000" } },
  "POST /api/orders/:id/typing": { allow: ["userA", "merchant"], object: "order" },
  "GET /api/orders/:id/proofs": { allow: ["userA", "merchant", "admin"], object: "order" },
  "POST /api/orders/:id/proofs": {
    allow: ["userA"],
    object: "order",
    elsewhere: "an image body: refusals by role, party and state in uploads.test.ts",
  },
  "POST /api/uploads": { allow: SIGNED_IN, elsewhere: "an image body, checked by its bytes (uploads.test.ts)" },
  "GET /api/uploads/:id": { allow: SIGNED_IN, elsewhere: "visible to the owner, then to the parties of what it is attached to (uploads.test.ts)" },

  // Merchants.
  "GET /api/marketplace": { allow: MERCHANTS },
  "GET /api/tickets": { allow: MERCHANTS },
  // The offers list needs a session (offers/routes.ts); the matrix had it as public, so it went unchecked.
  "GET /api/offers": { allow: SIGNED_IN },
  "GET /api/offers/mine": { allow: MERCHANTS },
  "PUT /api/offers/:symbol": { allow: MERCHANTS, object: "coin", body: OFFER },
  "GET /api/merchant-chat/messages": { allow: [...MERCHANTS, "admin"] },
  "POST /api/merchant-chat/messages": { allow: [...MERCHANTS, "admin"], body: { content: "Morning all" } },
  "POST /api/merchant-chat/read": { allow: [...MERCHANTS, "admin"], body: { up_to_id: "00000000-0000-4000-8000-000000000000" } },

  // Admins.
  "GET /api/admin/overview": { allow: ["admin"] },
  "GET /api/admin/reserves": { allow: ["admin"] },
  "POST /api/admin/reserves/read": { allow: ["admin"] },
  "POST /api/admin/liabilities": { allow: ["admin"], body: { coin: "USDT" } },
  "GET /api/admin/users": { allow: ["admin"] },
  "GET /api/admin/users/:id": { allow: ["admin"], object: "victim" },
  "POST /api/admin/users/:id/role": { allow: ["admin"], object: "victim", body: { role: "user" } },
  "DELETE /api/admin/users/:id/admin-proposal": { allow: ["admin"], object: "victim" },
  "POST /api/admin/users/:id/suspend": { allow: ["admin"], object: "victim", body: { reason: "Reported for fraud." } },
  "POST /api/admin/users/:id/restore": { allow: ["admin"], object: "victim" },
  "GET /api/admin/audit-log": { allow: ["admin"] },
  "GET /api/admin/exports/users": { allow: ["admin"] },
  "GET /api/admin/exports/audit-log": { allow: ["admin"] },
  "GET /api/admin/exports/ledger-entries": { allow: ["admin"] },
  "GET /api/admin/exports/transactions": { allow: ["admin"] },
  "GET /api/admin/tickets": { allow: ["admin"] },
  "GET /api/admin/merchant-applications": { allow: ["admin"] },
  "GET /api/admin/merchant-applications/:id/document": { allow: ["admin"], object: "application" },
  "POST /api/admin/merchant-applications/:id/approve": { allow: ["admin"], object: "application" },
  "POST /api/admin/merchant-applications/:id/reject": { allow: ["admin"], object: "application", body: { reason: "The ID photo is unreadable." } },
  "GET /api/admin/orders": { allow: ["admin"] },
  "POST /api/admin/orders/:id/resolve": { allow: ["admin"], object: "order", body: { outcome: "release", reason: "Checked the bank statement." } },
  "GET /api/admin/coins": { allow: ["admin"] },
  "PATCH /api/admin/coins/:symbol": { allow: ["admin"], object: "coin", body: { listed: true } },
  "GET /api/admin/networks": { allow: ["admin"] },
  "POST /api/admin/networks": {
    allow: ["admin"],
    body: {
      coin: "PI",
      code: "PiTest",
      name: "Pi Testnet",
      kind: "manual",
      address_format: "plain",
      decimals: 7,
      confirmations: 1,
      min_deposit: "1",
      withdrawal_fee: "0.1",
    },
  },
  "PATCH /api/admin/networks/:coin/:code": { allow: ["admin"], object: "network", body: { min_deposit: "1" } },
  "GET /api/admin/deposits": { allow: ["admin"] },
  "POST /api/admin/deposits/:id/confirm": { allow: ["admin"], object: "deposit" },
  "POST /api/admin/deposits/:id/reject": { allow: ["admin"], object: "deposit", body: { reason: "No such transaction." } },
  "GET /api/admin/withdrawals": { allow: ["admin"] },
  "POST /api/admin/withdrawals/:id/approve": { allow: ["admin"], object: "withdrawal" },
  "POST /api/admin/withdrawals/:id/sent": { allow: ["admin"], object: "withdrawal", body: { tx_hash: txHash } },
  "POST /api/admin/withdrawals/:id/reject": { allow: ["admin"], object: "withdrawal", body: { reason: "Address looks wrong." } },
  "GET /api/admin/payout-batches": { allow: ["admin"] },
  "POST /api/admin/payout-batches": { allow: ["admin"], body: { coin: "PI", network: "Pi" } },
  "GET /api/admin/payout-batches/:id": { allow: ["admin"], object: "payoutBatch" },
  "GET /api/admin/payout-batches/:id/items.json": { allow: ["admin"], object: "payoutBatch" },
  "GET /api/admin/payout-batches/:id/items.csv": { allow: ["admin"], object: "payoutBatch" },
  "GET /api/admin/complaints": { allow: ["admin"] },
  "GET /api/admin/complaints/:id": { allow: ["admin"], object: "complaint" },
  "POST /api/admin/complaints/:id/replies": { allow: ["admin"], object: "complaint", body: { message: "We are looking into it." } },
  "POST /api/admin/complaints/:id/status": { allow: ["admin"], object: "complaint", body: { status: "in_review" } },
  "GET /api/admin/live-chat/sessions": { allow: ["admin"] },
  "POST /api/admin/live-chat/sessions/:id/close": { allow: ["admin"], object: "liveChat" },
};
