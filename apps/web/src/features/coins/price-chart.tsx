import { useTranslation } from "@/i18n/use-translation";
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis, type TooltipContentProps } from "recharts";
import type { PricePoint } from "./queries";
import { showCoin, showDateTime, showDayMonth, showNaira, showNairaCompact, showNairaWhole, showTime } from "@/i18n/format";

type Datum = { t: number; y: number; price: string; coin_amount: string };

const iso = (time: number) => new Date(time).toISOString();

/**
 * The recharts chart of completed-trade prices. Loaded lazily by the Price page only, so recharts
 * never weighs on other screens. y is a float for plotting alone; every label shows the exact string.
 */
export default function PriceChart({ points, symbol, days }: { points: PricePoint[]; symbol: string; days: number }) {
  const { t, i18n } = useTranslation();
  const data: Datum[] = points.map((p) => ({
    t: new Date(p.completed_at).getTime(),
    y: Number(p.price),
    price: p.price,
    coin_amount: p.coin_amount,
  }));
  // Label by what the points span, not the range asked for: a week with one busy hour reads as times.
  const span = data.length > 1 ? data.at(-1)!.t - data[0]!.t : 0;
  const tick = (time: number) => (span <= 36 * 3_600_000 ? showTime(iso(time)) : showDayMonth(iso(time)));
  // Whole naira reads best for typical coin prices; only six-figure prices need "₦1.2M" style.
  const top = Math.max(...data.map((d) => d.y));
  const priceTick = (v: number) => (top >= 100_000 ? showNairaCompact(String(v)) : showNairaWhole(String(v)));
  const rtl = i18n.dir() === "rtl";

  return (
    <div
      className="h-64 w-full sm:h-80"
      role="img"
      aria-label={t("{{coin}} completed-trade prices over the last {{count}} days", { coin: symbol, count: days })}
    >
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <defs>
            <linearGradient id="price-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor="var(--color-primary)" stopOpacity={0.35} />
              <stop offset="100%" stopColor="var(--color-primary)" stopOpacity={0} />
            </linearGradient>
          </defs>
          <CartesianGrid vertical={false} stroke="var(--color-border)" strokeDasharray="3 3" />
          <XAxis
            dataKey="t"
            type="number"
            scale="time"
            domain={["dataMin", "dataMax"]}
            tickFormatter={tick}
            reversed={rtl}
            tick={{ fill: "var(--color-muted-foreground)", fontSize: 12 }}
            tickLine={false}
            axisLine={false}
            minTickGap={24}
          />
          <YAxis
            dataKey="y"
            domain={["auto", "auto"]}
            tickFormatter={priceTick}
            orientation={rtl ? "right" : "left"}
            allowDecimals={false}
            tick={{ fill: "var(--color-muted-foreground)", fontSize: 12 }}
            tickLine={false}
            axisLine={false}
            width={top >= 100_000 ? 64 : 72}
          />
          <Tooltip
            content={(props) => <PriceTooltip {...props} symbol={symbol} />}
            cursor={{ stroke: "var(--color-muted-foreground)", strokeDasharray: "3 3" }}
          />
          <Area
            type="monotone"
            dataKey="y"
            stroke="var(--color-primary)"
            strokeWidth={2}
            fill="url(#price-fill)"
            dot={data.length <= 30 ? { r: 3, fill: "var(--color-primary)", strokeWidth: 0 } : false}
            activeDot={{ r: 5, stroke: "var(--color-background)", strokeWidth: 2 }}
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

function PriceTooltip({ active, payload, symbol }: TooltipContentProps & { symbol: string }) {
  const { t } = useTranslation();
  const datum = active ? (payload?.[0]?.payload as Datum | undefined) : undefined;
  if (!datum) return null;
  return (
    <div className="rounded-lg border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
      <p className="text-sm font-semibold tabular">{showNaira(datum.price)}</p>
      <p className="text-muted-foreground tabular">{t("{{amount}} {{coin}} traded", { amount: showCoin(datum.coin_amount), coin: symbol })}</p>
      <p className="text-muted-foreground">{showDateTime(iso(datum.t))}</p>
    </div>
  );
}
