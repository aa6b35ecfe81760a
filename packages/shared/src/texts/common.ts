import { msg } from "../i18n/languages.js";

/** Answers any endpoint may give: limits, unreadable requests, our own failures. */
export const HTTP_TEXTS = {
  tooManyRequests: msg("Too many requests. Please wait a moment and try again."),
  tooLarge: msg("The request is too large."),
  unreadable: msg("The request could not be read."),
  internal: msg("Something went wrong on our side. Please try again."),
  notFound: msg("Not found."),
  unsafeText: msg("Text may not contain control characters or broken Unicode."),
} as const;

/** "No such …" for an id that names nothing the caller may see. */
export const NO_SUCH = {
  user: msg("No such user."),
  appeal: msg("No such appeal."),
  deposit: msg("No such deposit."),
  withdrawal: msg("No such withdrawal."),
  complaint: msg("No such complaint."),
  application: msg("No such application."),
  coin: msg("No such coin."),
  message: msg("No such message."),
  payoutBatch: msg("No such payout batch."),
} as const;
export type NoSuchThing = keyof typeof NO_SUCH;

/** Statuses a refusal names ("already confirmed"): keys, so each reader sees them in their language. */
export const STATUS_WORDS = {
  pending: msg("pending"),
  confirmed: msg("confirmed"),
  completed: msg("completed"),
  cancelled: msg("cancelled"),
  rejected: msg("rejected"),
  sent: msg("sent"),
  approved: msg("approved"),
  verifying: msg("verifying"),
} as const;

export const COIN_TEXTS = {
  noCoin: msg("No coin {{coin}}."),
  notListed: msg("{{coin}} is not listed for trading."),
  priceUpdateTitle: msg("{{coin}} Price Update"),
  priceUpdate: msg("{{username}} now sells {{coin}} at {{sell}} and buys at {{buy}}."),
  aMerchant: msg("A merchant"),
  feeChangedTitle: msg("{{coin}} fee changed"),
  feeChanged: msg("Your fee on {{coin}} orders created from now on is {{rate}}%. Orders already placed keep their fee."),
} as const;

export const UPLOAD_TEXTS = {
  notFound: msg("Image not found."),
  tooFast: msg("You are uploading images too fast. Wait a few minutes and try again."),
  tooLarge: msg("The image is larger than {{max}}. Choose a smaller image."),
  tooManyPixels: msg("The image has more than {{max}} megapixels. Choose a smaller image."),
  notAnImage: msg("This file is not a PNG, JPEG or WebP image, or it is damaged. Choose another image."),
  alreadyAttached: msg("This image is already attached. Upload it again to send it once more."),
} as const;

export const TELEGRAM_TEXTS = {
  notConfigured: msg("Telegram notifications are not available on this server."),
} as const;
