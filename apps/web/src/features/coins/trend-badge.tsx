import { Minus, TrendingDown, TrendingUp } from "lucide-react";
import type { Coin, Trend } from "@p2p/shared";
import { Badge } from "@/ui/badge";
import { showPercent } from "./format";

const TREND: Record<Trend, { label: string; variant: "success" | "danger" | "muted"; icon: typeof TrendingUp }> = {
  bullish: { label: "Bullish", variant: "success", icon: TrendingUp },
  bearish: { label: "Bearish", variant: "danger", icon: TrendingDown },
  neutral: { label: "Neutral", variant: "muted", icon: Minus },
};

/** Bullish when buys pass 60% of the last 24 h of trades, bearish when sells do (spec §4). */
export function TrendBadge({ coin }: { coin: Pick<Coin, "trend" | "buy_percent" | "sell_percent" | "volume_24h"> }) {
  const trend = TREND[coin.trend];
  const detail =
    coin.volume_24h.trades === 0
      ? "No completed trades in the last 24 hours"
      : `${showPercent(coin.buy_percent)} buys, ${showPercent(coin.sell_percent)} sells in the last 24 hours`;
  return (
    <Badge variant={trend.variant} title={detail} aria-label={`${trend.label}: ${detail}`}>
      <trend.icon className="size-3" aria-hidden />
      {trend.label}
    </Badge>
  );
}
