import { isApiError } from "@/lib/api";
import { translateServerText } from "@/i18n/server-text";
import type { TradeErrors } from "./validate";

/**
 * The server's refusal of an order placed on the field it concerns, in the reader's language:
 * amount problems under the amount, field messages under their fields; null when no field
 * shows it (the dialog shows it as an alert instead).
 */
export function serverTradeErrors(err: Error): TradeErrors | null {
  if (isApiError(err, "AMOUNT_OUT_OF_RANGE") || isApiError(err, "INSUFFICIENT_BALANCE")) return { amount: translateServerText(err.message) };
  if (isApiError(err) && err.fields) {
    return Object.fromEntries(Object.entries(err.fields).map(([field, message]) => [field, translateServerText(message)])) as TradeErrors;
  }
  return null;
}
