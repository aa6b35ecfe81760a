import { msg } from "../i18n/languages.js";

/**
 * The order texts the server writes (notices in the order's chat, notifications, refusals).
 * Each is an English key; {{values}} are filled with `fillTemplate` and translated back by
 * `translateServerText`.
 */
export const ORDER_TEXTS = {
  created: msg("Order created: {{side}} {{amount}} {{coin}} at {{price}} per coin, {{total}} in total."),
  accepted: msg("The merchant accepted the order. Your trade has progressed to step {{step}} of 5."),
  markedPaid: msg("The buyer marked the naira payment as sent. Your trade has progressed to step {{step}} of 5."),
  paymentConfirmed: msg(
    "The seller confirmed the payment and the coins were released to the buyer. Your trade has progressed to step {{step}} of 5.",
  ),
  cancelledBy: msg("The order was cancelled by the {{role}}."),
  cancelledByWithReason: msg("The order was cancelled by the {{role}}. Reason: {{reason}}"),
  appealedBy: msg("The {{role}} opened an appeal."),
  appealedByWithReason: msg("The {{role}} opened an appeal. Reason: {{reason}}"),
  appealWithdrawn: msg("The appeal was withdrawn; the trade continues."),
  resolvedRelease: msg("An admin resolved the appeal: the coins were released to the buyer."),
  resolvedReleaseWithReason: msg("An admin resolved the appeal: the coins were released to the buyer. Reason: {{reason}}"),
  resolvedRefund: msg("An admin resolved the appeal: the coins were returned to the seller."),
  resolvedRefundWithReason: msg("An admin resolved the appeal: the coins were returned to the seller. Reason: {{reason}}"),
  acceptanceExpired: msg("The order was not accepted in time and has been cancelled."),
  paymentExpired: msg("The payment window ran out; the order has been cancelled."),
  confirmationExpired: msg("The seller did not confirm the payment in time; the order is now under dispute review."),
  confirmationTimeoutReason: msg("The seller did not confirm the payment within {{minutes}} minutes of it being marked as sent."),
  /** The same with a one-minute window (server texts pick the form by number; the app translates each). */
  confirmationTimeoutReasonOne: msg("The seller did not confirm the payment within {{minutes}} minute of it being marked as sent."),
  partySuspendedBeforePaymentReason: msg("The {{role}}'s account was suspended before the payment was marked as sent."),
  partySuspendedReason: msg("The {{role}}'s account was suspended after the payment was marked as sent; an admin will decide this order."),

  appealResolvedTitle: msg("Appeal Resolved"),
  ownAppeal: msg("Another admin must resolve an appeal on an order you are part of."),
  appealResolvedRelease: msg("Your appeal was resolved: the coins were released to the buyer. Reason: {{reason}}"),
  appealResolvedRefund: msg("Your appeal was resolved: the coins were returned to the seller. Reason: {{reason}}"),

  statusChanged: msg("Your order status changed to {{status}}"),
  stepProgressed: msg("Your trade has progressed to step {{step}} of 5"),
  conflict: msg("This order is {{status}}."),
  conflictForAction: msg("This order is {{status}}, so it cannot be {{action}} now."),
  conflictForRating: msg("This order is {{status}}; you can rate the trade once it completes."),

  notFound: msg("Order not found."),
  onlyMerchantsAccept: msg("Only merchants can accept orders."),
  offerOffline: msg("Put your {{coin}} offer online to accept {{coin}} requests."),
  alreadyTaken: msg("This order has already been taken by another merchant."),
  acceptanceRanOut: msg("The time to accept this order has run out."),
  paymentWindowClosed: msg("The payment window for this order has closed."),
  adminsCannotTrade: msg("Admins cannot trade."),
  tooManyOpenRequests: msg("Too many open requests this hour. Try again later."),
  newOpenRequestTitle: msg("New {{coin}} open request"),
  newOpenRequestToBuy: msg("{{username}} wants to buy {{amount}} {{coin}} for {{total}}. Accept it on the Marketplace."),
  newOpenRequestToSell: msg("{{username}} wants to sell {{amount}} {{coin}} for {{total}}. Accept it on the Marketplace."),
  noMerchantForOpenRequest: msg("No merchant is trading {{coin}} right now; enter a price to post your request anyway."),
  ownOffer: msg("You cannot trade with your own offer."),
  merchantNotTrading: msg("This merchant is not trading {{coin}} right now."),
  amountTooSmall: msg("The amount is too small to trade at this price."),
  amountOverMax: msg("The order may not exceed {{max}}."),
  offerChanged: msg("This merchant changed the offer: the price is now {{price}} per {{coin}}."),
  notEnoughAvailable: msg("This merchant has only {{amount}} {{coin}} available for new orders."),
  notEnoughToAccept: msg("You have only {{amount}} {{coin}} free for this order; your pending orders hold the rest."),
  amountOutsideLimits: msg("This merchant takes orders from {{min}} to {{max}}; this order is {{amount}}."),
  onlyPartiesRate: msg("Only the buyer and the seller can rate this trade."),
  alreadyRated: msg("You have already rated this trade."),
} as const;

/** Words the order texts put in their {{values}}: keys too, so the reader sees their own language. */
export const ORDER_WORDS = {
  buyer: msg("buyer"),
  seller: msg("seller"),
  merchant: msg("merchant"),
  admin: msg("admin"),
  trader: msg("trader"),
  buy: msg("buy"),
  sell: msg("sell"),
} as const;

/** Payment proofs and appeal evidence. */
export const EVIDENCE_TEXTS = {
  proof: msg("Payment proof"),
  proofWithAmount: msg("Payment proof · {{amount}}"),
  proofWithReference: msg("Payment proof · Ref: {{reference}}"),
  proofWithAmountAndReference: msg("Payment proof · {{amount}} · Ref: {{reference}}"),
  onlyBuyerProves: msg("Only the buyer can attach a payment proof."),
  proofTooEarly: msg("Mark the payment as sent first, then attach the proof."),
  proofTooLate: msg("A payment proof can no longer be attached: the order is {{status}}."),
  imageTwice: msg("Each image can be attached once"),
  noSuchAppeal: msg("No such appeal."),
  appealClosed: msg("This appeal is closed: evidence can only be added while the order is under dispute."),
  tooManyImages: msg("An appeal holds at most {{max}} images; you can add {{count}} more."),
  imagesLeftOne: msg("You can add {{count}} more image"),
  imagesLeft: msg("You can add {{count}} more images"),
} as const;
