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
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  TOO_MANY_FAILED_SIGN_INS: 429,
  NOT_CONFIGURED: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export type ApiErrorBody = {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
};
