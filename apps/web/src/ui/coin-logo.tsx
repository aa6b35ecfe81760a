import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn";

type CoinArt = { name: string; bg: string; glyph: ReactNode };

const stroke = { stroke: "#fff", strokeWidth: 2.6, strokeLinecap: "round", strokeLinejoin: "round", fill: "none" } as const;

/** Our own simple marks for the listed coins (not the projects' official logos). */
const COINS: Record<string, CoinArt> = {
  SIDRA: {
    name: "Sidra",
    bg: "#b7791f",
    glyph: (
      <path {...stroke} d="M20.5 11.5c-1-1.3-2.6-2-4.5-2-2.7 0-4.5 1.4-4.5 3.4 0 4.6 9.4 2.8 9.4 7.7 0 2.1-1.9 3.5-4.8 3.5-2.3 0-4.1-.9-5.2-2.6" />
    ),
  },
  PI: {
    name: "Pi",
    bg: "#6d28d9",
    glyph: <path {...stroke} d="M9.5 12h13M13.5 12v10M18.5 12v8.2c0 1.2.7 1.8 1.9 1.8" />,
  },
  RUBI: {
    name: "Rubi",
    bg: "#e11d48",
    glyph: (
      <g {...stroke} strokeWidth={2.1}>
        <path d="M11 10h10l3 4-8 9-8-9z" />
        <path d="M8 14h16M13.5 10 12 14l4 9 4-9-1.5-4" />
      </g>
    ),
  },
  CORE: {
    name: "Core",
    bg: "#ea580c",
    glyph: (
      <g {...stroke}>
        <path d="M16 8.5 22.5 12.2v7.6L16 23.5l-6.5-3.7v-7.6z" />
        <circle cx="16" cy="16" r="2.2" fill="#fff" stroke="none" />
      </g>
    ),
  },
  USDT: {
    name: "Tether USD",
    bg: "#26a17b",
    glyph: (
      <g {...stroke}>
        <path d="M10 10h12M16 10v13" />
        <ellipse cx="16" cy="15.5" rx="6.5" ry="2" strokeWidth={1.8} />
      </g>
    ),
  },
};

/** A round coin mark; unknown coins get a neutral disc with their first letters. */
export function CoinLogo({ coin, className, ...props }: ComponentProps<"svg"> & { coin: string }) {
  const art = COINS[coin.toUpperCase()];
  return (
    <svg viewBox="0 0 32 32" role="img" aria-label={coin} className={cn("size-8 shrink-0", className)} {...props}>
      <circle cx="16" cy="16" r="16" fill={art?.bg ?? "#64748b"} />
      <circle cx="16" cy="16" r="14.5" fill="none" stroke="#fff" strokeOpacity=".18" />
      {art ? (
        art.glyph
      ) : (
        <text x="16" y="20.5" textAnchor="middle" fontSize="12" fontWeight="700" fill="#fff" fontFamily="system-ui, sans-serif">
          {coin.slice(0, 2).toUpperCase()}
        </text>
      )}
    </svg>
  );
}
