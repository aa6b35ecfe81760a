import { useSearchParams } from "react-router";
import { COIN_SYMBOLS, ORDER_STATUSES, TRADE_SIDES, type CoinSymbol, type OrderStatus, type TradeSide } from "@p2p/shared";

/** The list filters live in the address, so Back from an order returns to the same page and filters. */

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;

export const OPEN_ORDERS = "open";
export type StatusChoice = OrderStatus | typeof OPEN_ORDERS;

export function readPage(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

export type OrderListParams = { status?: StatusChoice; coin?: CoinSymbol; side?: TradeSide; page: number };

export function useListParams() {
  const [params, setParams] = useSearchParams();
  const status = params.get("status") === OPEN_ORDERS ? OPEN_ORDERS : oneOf(ORDER_STATUSES, params.get("status"));
  const value: OrderListParams = {
    status,
    coin: oneOf(COIN_SYMBOLS, params.get("coin")),
    side: oneOf(TRADE_SIDES, params.get("side")),
    page: readPage(params),
  };

  /** Change one filter (back to page 1) or the page; an empty value removes the filter. */
  const update = (key: "status" | "coin" | "side" | "page", next: string | number | undefined) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === undefined || next === "" || (key === "page" && next === 1)) copy.delete(key);
        else copy.set(key, String(next));
        if (key !== "page") copy.delete("page");
        return copy;
      },
      { replace: true },
    );

  const clear = () => setParams(new URLSearchParams(), { replace: true });
  const filtered = Boolean(value.status || value.coin || value.side);
  return { value, update, clear, filtered };
}

/** The statuses the Status filter offers: only those an order can stay in (no passing "confirmed"). */
export { RESTING_STATUSES as STATUS_CHOICES } from "@p2p/shared";
export { COIN_SYMBOLS, ORDER_STATUSES, TRADE_SIDES };
