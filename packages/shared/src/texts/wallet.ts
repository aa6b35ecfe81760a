import { msg } from "../i18n/languages.js";

/** Deposits, withdrawals and balances: the owner's notifications and the refusals. */
export const WALLET_TEXTS = {
  depositConfirmedTitle: msg("Deposit Confirmed"),
  depositConfirmed: msg("Your deposit of {{amount}} was confirmed and added to your wallet."),
  depositRejectedTitle: msg("Deposit Rejected"),
  depositRejected: msg("Your deposit of {{amount}} was rejected. Reason: {{reason}}"),
  withdrawalSentTitle: msg("Withdrawal Sent"),
  withdrawalSent: msg("Your withdrawal of {{amount}} was sent."),
  withdrawalRejectedTitle: msg("Withdrawal Rejected"),
  withdrawalRejected: msg("Your withdrawal of {{amount}} was rejected and returned to your wallet. Reason: {{reason}}"),
  reasonNotGiven: msg("not given"),

  depositsClosed: msg("Deposits of {{coin}} are not open yet."),
  unknownNetwork: msg("{{coin}} has no network called {{network}}."),
  depositsPaused: msg("Deposits of {{coin}} on {{network}} are paused."),
  withdrawalsPaused: msg("Withdrawals of {{coin}} on {{network}} are paused."),
  depositsAutomatic: msg(
    "Deposits of {{coin}} on {{network}} are credited automatically once confirmed on chain: send to your own deposit address, there is nothing to file.",
  ),
  senderAddressInvalid: msg("This is not a valid {{network}} address. Enter the address you sent from."),
  belowMinimumDeposit: msg("The minimum deposit of {{coin}} on {{network}} is {{min}}."),
  platformAddressInvalid: msg("This is not a valid {{network}} address."),
  evmSettingsOnly: msg("Only EVM networks have a chain id or a token contract."),
  networkExists: msg("{{coin}} already has a network called {{network}}."),
  hashUsed: msg("This transaction hash has already been submitted."),
  hashClaimedTwice: msg("Another deposit already claims this transaction hash. Reject one of them."),
  withdrawalsLocked: msg("Withdrawals are paused for {{hours}} hours after a password change, until {{until}}."),
  depositDecided: msg("This deposit is already {{status}}."),
  withdrawalDecided: msg("This withdrawal is already {{status}}."),
  ownRequest: msg("Another admin must review your own request."),
  secondApprovalNeeded: msg("Withdrawals above {{amount}} {{coin}} need two different admins' approvals before they are marked sent."),
  alreadyApproved: msg("You have already approved this withdrawal. Another admin must approve it too."),
  approvalNotNeeded: msg("This withdrawal needs no approval before it is marked sent."),
  notEnoughAvailable: msg("Not enough {{coin}} available for this."),
  notEnoughInEscrow: msg("Not enough {{coin}} in escrow for this."),
  notEnoughBeingWithdrawn: msg("Not enough {{coin}} being withdrawn for this."),
} as const;
