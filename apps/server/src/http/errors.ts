import { ERROR_STATUS, type ErrorCode } from "@p2p/shared";

/** A failure the caller can act on: a stable code, a human message, optional per-field messages. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}
