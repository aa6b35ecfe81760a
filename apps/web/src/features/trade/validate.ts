import { formatCoin, paymentDetailsSchema, parseNaira, type TradeSide } from "@p2p/shared";
// Relative imports: the unit test project runs without the "@" alias.
import { i18n } from "../../i18n/i18n";
import { showCoin, showNairaUnits } from "../../i18n/format";
import type { Amounts } from "./amounts";
import type { Payout } from "./payout-fields";

/** Messages ready to show under the fields, in the reader's language. */
export type TradeErrors = Partial<Record<"amount" | "price" | keyof Payout, string>>;

/** The checks the server will make, run first so the person sees them under the fields. */
export function checkAmount(
  amounts: Amounts | null,
  options: { coin: string; side: TradeSide; limits?: { min: string; max: string }; available?: bigint; required: boolean },
): string | undefined {
  const t = i18n.t;
  if (!amounts) return options.required ? t("Enter an amount") : undefined;
  if (amounts.naira <= 0n || amounts.coins <= 0n) return t("The amount is too small to trade at this price.");
  // A seller short of coins can't trade at any size, so say that first.
  if (options.side === "sell" && options.available !== undefined && amounts.coins > options.available) {
    return t("You have {{amount}} {{coin}} available. Deposit more in your wallet or lower the amount.", {
      amount: showCoin(formatCoin(options.available)),
      coin: options.coin,
    });
  }
  if (options.limits) {
    const min = parseNaira(options.limits.min);
    const max = parseNaira(options.limits.max);
    if (amounts.naira < min || amounts.naira > max) {
      return t("This merchant takes orders from {{min}} to {{max}}; this order is {{amount}}.", {
        min: showNairaUnits(min),
        max: showNairaUnits(max),
        amount: showNairaUnits(amounts.naira),
      });
    }
  }
  return undefined;
}

/** The payout account's field messages, from the shared schema the server uses (its messages are keys). */
export function checkPayout(payout: Payout): TradeErrors {
  const parsed = paymentDetailsSchema.safeParse(payout);
  if (parsed.success) return {};
  const out: TradeErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof Payout | undefined;
    if (key && !out[key]) out[key] = i18n.t(issue.message);
  }
  return out;
}
