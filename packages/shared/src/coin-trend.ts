/** Coin trend over the last 24 h of completed trades (spec §4): a 60% share decides. */
export const TREND_THRESHOLD_PERCENT = 60;
export const COIN_ANALYTICS_WINDOW_HOURS = 24;
export const COIN_ANALYTICS_REFRESH_MS = 5 * 60 * 1000;

export type Trend = "bullish" | "bearish" | "neutral";

export type CoinActivity = {
  crypto_type: string;
  buys: number;
  sells: number;
  buy_percent: number;
  sell_percent: number;
  trend: Trend;
};

/** Percentages rounded to 1 decimal, as the panel shows them. */
export function coinActivity(crypto_type: string, buys: number, sells: number): CoinActivity {
  const total = buys + sells;
  const buyShare = total === 0 ? 0 : (buys / total) * 100;
  const sellShare = total === 0 ? 0 : (sells / total) * 100;
  const trend: Trend = buyShare > TREND_THRESHOLD_PERCENT ? "bullish" : sellShare > TREND_THRESHOLD_PERCENT ? "bearish" : "neutral";
  return {
    crypto_type,
    buys,
    sells,
    buy_percent: Math.round(buyShare * 10) / 10,
    sell_percent: Math.round(sellShare * 10) / 10,
    trend,
  };
}
