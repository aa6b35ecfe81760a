import { Fragment } from "react";
import { NavLink } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import type { Role } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { CountBadge } from "./nav-badges";
import { BOTTOM_TABS_BY_ROLE, type BadgeCounts } from "./navigation";

/** The phone tab bar (spec §2 "Bottom bar"); hidden from tablets up, where the top nav has room. */
export function BottomBar({ role, counts }: { role: Role; counts: BadgeCounts }) {
  const { t } = useTranslation();
  const tabs = BOTTOM_TABS_BY_ROLE[role];
  return (
    <nav
      aria-label={t("Quick")}
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 pb-safe backdrop-blur supports-[backdrop-filter]:bg-background/80 md:hidden"
    >
      <ul className="mx-auto grid h-16 max-w-lg grid-cols-5">
        {tabs.map((tab) => (
          <li key={tab.to} className="min-w-0">
            <NavLink
              to={tab.to}
              end={tab.to === "/dashboard"}
              className={({ isActive }) =>
                cn(
                  "group relative flex h-full flex-col items-center justify-start gap-1 px-0.5 pt-2.5 text-[0.6875rem] font-medium text-muted-foreground transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring",
                  isActive && "text-primary",
                )
              }
            >
              {({ isActive }) => (
                <>
                  <span
                    aria-hidden
                    className={cn("absolute inset-x-4 top-0 h-0.5 rounded-b-full bg-primary opacity-0 transition-opacity", isActive && "opacity-100")}
                  />
                  <span className="relative">
                    <tab.icon className="size-5" aria-hidden strokeWidth={isActive ? 2.4 : 2} />
                    <CountBadge counts={counts} badge={tab.badge} className="absolute -end-3 -top-2 ring-2 ring-background" />
                  </span>
                  {/* Two short lines rather than an ellipsis: "Acheter/Vendre", "Mes commandes" do not fit on one. */}
                  <span className="line-clamp-2 max-w-full text-center leading-tight tracking-tight break-words">
                    <BreakAfterSlashes text={t(tab.label)} />
                  </span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** "Acheter/Vendre" may wrap after its slash rather than inside a word ("Acheter/Ven-dre"). */
function BreakAfterSlashes({ text }: { text: string }) {
  return text.split("/").map((part, i) => (
    <Fragment key={i}>
      {i > 0 && (
        <>
          /<wbr />
        </>
      )}
      {part}
    </Fragment>
  ));
}
