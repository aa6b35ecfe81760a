import { useTranslation } from "@/i18n/use-translation";
import { Minus, TrendingDown, TrendingUp } from "lucide-react";
import { msg, type Coin, type Trend } from "@p2p/shared";
import { Badge } from "@/ui/badge";
import { showPercent } from "@/i18n/format";

const TREND: Record<Trend, { label: string; variant: "success" | "danger" | "muted"; icon: typeof TrendingUp }> = {
  bullish: { label: msg("Bullish"), variant: "success", icon: TrendingUp },
  bearish: { label: msg("Bearish"), variant: "danger", icon: TrendingDown },
  neutral: { label: msg("Neutral"), variant: "muted", icon: Minus },
};

/** Bullish when buys pass 60% of the last 24 h of trades, bearish when sells do (spec §4). */
export function TrendBadge({ coin }: { coin: Pick<Coin, "trend" | "buy_percent" | "sell_percent" | "volume_24h"> }) {
  const { t } = useTranslation();
  const trend = TREND[coin.trend];
  const label = t(trend.label);
  const detail =
    coin.volume_24h.trades === 0
      ? t("No completed trades in the last 24 hours")
      : t("{{buys}} buys, {{sells}} sells in the last 24 hours", { buys: showPercent(coin.buy_percent), sells: showPercent(coin.sell_percent) });
  return (
    <Badge variant={trend.variant} title={detail} aria-label={`${label}: ${detail}`}>
      <trend.icon className="size-3" aria-hidden />
      {label}
    </Badge>
  );
}
