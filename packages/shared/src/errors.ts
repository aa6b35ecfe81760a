/**
 * Every error the API answers with: a stable code the UI matches on, and the HTTP status.
 * The human message travels with each response.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  TOKEN_EXPIRED: 401,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_CONFIRMED: 403,
  ACCOUNT_SUSPENDED: 403,
  FORBIDDEN: 403,
  CROSS_SITE_REQUEST: 403,
  NOT_FOUND: 404,
  USERNAME_TAKEN: 409,
  PHONE_TAKEN: 409,
  EMAIL_TAKEN: 409,
  CONFLICT: 409,
  INVALID_TOKEN: 400,
  PASSWORD_TOO_COMMON: 400,
  WRONG_PASSWORD: 400,
  INVALID_TWO_FACTOR_CODE: 400,
  /** Two-factor is on: this money-moving step needs a fresh code (DESIGN §6). */
  TWO_FACTOR_REQUIRED: 403,
  PAYLOAD_TOO_LARGE: 413,
  INVALID_IMAGE: 415,
  RATE_LIMITED: 429,
  TOO_MANY_FAILED_SIGN_INS: 429,
  /** The account's budget of wrong second-factor codes is spent for the hour. */
  TOO_MANY_WRONG_CODES: 429,
  NOT_CONFIGURED: 503,
  INSUFFICIENT_BALANCE: 409,
  ORDER_CONFLICT: 409,
  ORDER_ALREADY_TAKEN: 409,
  OFFER_UNAVAILABLE: 409,
  /** The offer's terms changed since the trader saw them; `fields` carries the new ones (price, offer_version, min_order, max_order). */
  OFFER_CHANGED: 409,
  COIN_UNAVAILABLE: 409,
  /** The coin has no such network. */
  UNKNOWN_NETWORK: 400,
  /** Deposits or withdrawals on this network are switched off, or not set up here. */
  NETWORK_UNAVAILABLE: 409,
  AMOUNT_OUT_OF_RANGE: 422,
  SELF_TRADE: 422,
  ALREADY_RATED: 409,
  DUPLICATE_TX_HASH: 409,
  REQUEST_ALREADY_REVIEWED: 409,
  WITHDRAWALS_LOCKED: 403,
  IDEMPOTENCY_KEY_REUSED: 422,
  LIVE_CHAT_CLOSED: 409,
  CHAT_READ_ONLY: 403,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export type ApiErrorBody = {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
};

/** Codes of the realtime socket's error frames ({ type: "error", code, message }). */
export const REALTIME_ERROR_CODES = {
  /** Not JSON, or not a frame the protocol knows. */
  BAD_FRAME: "BAD_FRAME",
  /** The topic is malformed or the caller may not see it (another user's order, a foreign session). */
  TOPIC_FORBIDDEN: "TOPIC_FORBIDDEN",
  TOO_MANY_SUBSCRIPTIONS: "TOO_MANY_SUBSCRIPTIONS",
  /** The session ended or the account was suspended: the socket closes (4401). */
  UNAUTHENTICATED: "UNAUTHENTICATED",
  INTERNAL: "INTERNAL",
} as const;
export type RealtimeErrorCode = keyof typeof REALTIME_ERROR_CODES;
