import {
  coinsForNaira,
  displayNaira,
  formatCoin,
  formatNaira,
  MAX_NAIRA_AMOUNT,
  nairaForCoins,
  parseCoin,
  parseNaira,
  ORDER_TEXTS,
  fillTemplate,
} from "@p2p/shared";
import { AppError } from "../http/errors.js";

export type OrderAmounts = { coinAmount: string; nairaAmount: string };

/**
 * Both amounts from the one the trader entered, at the frozen price. Naira entered is what the
 * buyer pays, and the coins are rounded down (nobody receives more than was paid for); coins
 * entered cost their naira rounded half up to the kobo.
 */
export function orderAmounts(price: string, input: { naira_amount?: string; coin_amount?: string }): OrderAmounts {
  const priceKobo = parseNaira(price);
  let coins: bigint;
  let naira: bigint;
  if (input.naira_amount !== undefined) {
    naira = parseNaira(input.naira_amount);
    coins = coinsForNaira(naira, priceKobo);
  } else {
    coins = parseCoin(input.coin_amount!);
    naira = nairaForCoins(coins, priceKobo);
  }
  if (coins <= 0n || naira <= 0n) {
    throw new AppError("AMOUNT_OUT_OF_RANGE", ORDER_TEXTS.amountTooSmall);
  }
  if (naira > parseNaira(MAX_NAIRA_AMOUNT)) {
    throw new AppError("AMOUNT_OUT_OF_RANGE", fillTemplate(ORDER_TEXTS.amountOverMax, { max: displayNaira(parseNaira(MAX_NAIRA_AMOUNT)) }));
  }
  return { coinAmount: formatCoin(coins), nairaAmount: formatNaira(naira) };
}

/** An offer's limits, checked on the naira amount. */
export function checkLimits(nairaAmount: string, limits: { minOrder: string; maxOrder: string }): void {
  const naira = parseNaira(nairaAmount);
  const min = parseNaira(limits.minOrder);
  const max = parseNaira(limits.maxOrder);
  if (naira < min || naira > max) {
    throw new AppError(
      "AMOUNT_OUT_OF_RANGE",
      fillTemplate(ORDER_TEXTS.amountOutsideLimits, { min: displayNaira(min), max: displayNaira(max), amount: displayNaira(naira) }),
    );
  }
}
