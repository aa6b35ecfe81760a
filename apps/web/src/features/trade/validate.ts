import { displayNaira, formatCoin, paymentDetailsSchema, parseNaira, type TradeSide } from "@p2p/shared";
import { showCoin } from "../coins/format";
import type { Amounts } from "./amounts";
import type { Payout } from "./payout-fields";

export type TradeErrors = Partial<Record<"amount" | "price" | keyof Payout, string>>;

/** The checks the server will make, run first so the person sees them under the fields. */
export function checkAmount(
  amounts: Amounts | null,
  options: { coin: string; side: TradeSide; limits?: { min: string; max: string }; available?: bigint; required: boolean },
): string | undefined {
  if (!amounts) return options.required ? "Enter an amount" : undefined;
  if (amounts.naira <= 0n || amounts.coins <= 0n) return "The amount is too small to trade at this price.";
  // A seller short of coins can't trade at any size, so say that first.
  if (options.side === "sell" && options.available !== undefined && amounts.coins > options.available) {
    return `You have ${showCoin(formatCoin(options.available))} ${options.coin} available. Deposit more in your wallet or lower the amount.`;
  }
  if (options.limits) {
    const min = parseNaira(options.limits.min);
    const max = parseNaira(options.limits.max);
    if (amounts.naira < min || amounts.naira > max) {
      return `This merchant takes orders from ${displayNaira(min)} to ${displayNaira(max)}; this order is ${displayNaira(amounts.naira)}.`;
    }
  }
  return undefined;
}

/** The payout account's field messages, from the shared schema the server uses. */
export function checkPayout(payout: Payout): TradeErrors {
  const parsed = paymentDetailsSchema.safeParse(payout);
  if (parsed.success) return {};
  const out: TradeErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof Payout | undefined;
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}
