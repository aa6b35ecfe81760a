import { msg } from "../i18n/languages.js";

/** Proof of liabilities: the refusals of the proof and snapshot endpoints. */
export const LIABILITY_TEXTS = {
  noSnapshot: msg("No proof of liabilities has been published for {{coin}} yet."),
  noLeaf: msg("You held no {{coin}} when the latest proof of liabilities was taken, so it has no entry for you."),
  noListedCoins: msg("No coin is listed, so there is nothing to prove."),
};
