import { useId, type ComponentProps } from "react";
import { cn } from "@/lib/cn";

/**
 * The NaijaP2P mark: a shield holding two opposing arrows (peer to peer, escrow-protected). Same
 * art as /logo.svg. `className` gives its size (size-8 when none) and any more classes, joined
 * without `cn`: the splash shows the mark first, and tailwind-merge's first call builds its tables,
 * the largest piece of the first screen's first long task on a slow phone.
 */
export function LogoMark({ className = "size-8", ...props }: ComponentProps<"svg">) {
  const gradient = useId();
  return (
    <svg viewBox="0 0 48 48" fill="none" aria-hidden className={`shrink-0 ${className}`} {...props}>
      <defs>
        <linearGradient id={gradient} x1="6" y1="4" x2="42" y2="46" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#34d399" />
          <stop offset="1" stopColor="#047857" />
        </linearGradient>
      </defs>
      <rect width="48" height="48" rx="12" fill={`url(#${gradient})`} />
      <path
        d="M24 8.5 36 13v9.2c0 7.6-5 13.6-12 16.3-7-2.7-12-8.7-12-16.3V13z"
        fill="#fff"
        fillOpacity=".16"
        stroke="#fff"
        strokeWidth="2.4"
        strokeLinejoin="round"
      />
      <path
        d="M18.5 20.5h11m-3.2-3.2 3.2 3.2-3.2 3.2M29.5 27.5h-11m3.2-3.2-3.2 3.2 3.2 3.2"
        stroke="#fff"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Mark plus the product name, as used in headers. */
export function Logo({ className, markClassName, nameClassName }: { className?: string; markClassName?: string; nameClassName?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2 font-bold tracking-tight", className)}>
      <LogoMark className={markClassName} />
      <span className={cn("text-lg leading-none", nameClassName)}>
        Naija<span className="text-primary">P2P</span>
      </span>
    </span>
  );
}
