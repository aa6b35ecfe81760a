/** One notification for one device. `data` values are strings, as FCM requires. */
export type PushMessage = { token: string; title: string; body: string; data: Record<string, string> };

/**
 * Sends a push to one device (FCM HTTP v1 in production, a fake in tests). Resolves when the
 * service accepted it; throws `PushTokenGoneError` when the device is no longer registered,
 * `PushRejectedError` when retrying cannot help, and any other error for a retry later.
 */
export type PushSender = { send(message: PushMessage): Promise<void> };

/** The service no longer knows this device (FCM UNREGISTERED / 404): its token is deleted. */
export class PushTokenGoneError extends Error {}

/** The service refused the message for good (e.g. 400 INVALID_ARGUMENT): retrying would not help. */
export class PushRejectedError extends Error {}
