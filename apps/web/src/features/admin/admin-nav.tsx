import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { cn } from "@/lib/cn";
import { showCount } from "@/i18n/format";
import { useAdminOverview } from "./queries";
import { ADMIN_SECTIONS, type AdminSection } from "./sections/registry";

/**
 * The panel's sections: a side list from the laptop width up, a row of scrollable pills on phones.
 * Each queue shows how many items wait in it.
 */
export function AdminNav({ active }: { active: AdminSection }) {
  const { t } = useTranslation();
  const overview = useAdminOverview();
  const countOf = (section: AdminSection) => (overview.data && section.count ? section.count(overview.data) : 0);
  const activeLink = useRef<HTMLAnchorElement>(null);
  // On phones the pills scroll sideways: keep the open section's pill in view.
  useEffect(() => {
    activeLink.current?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [active.id]);

  return (
    <nav aria-label={t("Admin sections")} className="-mx-4 overflow-x-auto px-4 sm:-mx-6 sm:px-6 lg:mx-0 lg:overflow-visible lg:px-0">
      <ul className="flex gap-2 lg:flex-col lg:gap-1">
        {ADMIN_SECTIONS.map((section) => {
          const current = section.id === active.id;
          const waiting = countOf(section);
          return (
            <li key={section.id} className="shrink-0">
              <Link
                to={`?section=${section.id}`}
                ref={current ? activeLink : undefined}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "flex h-11 items-center gap-2.5 whitespace-nowrap rounded-full border px-4 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                  "lg:h-10 lg:rounded-lg lg:border-transparent lg:px-3",
                  current && "border-primary/30 bg-accent text-accent-foreground lg:border-transparent",
                )}
              >
                <section.icon className="size-4 shrink-0" aria-hidden />
                <span className="lg:flex-1">{t(section.label)}</span>
                {waiting > 0 && (
                  <span
                    className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-[0.6875rem] font-semibold text-primary-foreground tabular"
                    aria-label={t("{{count}} waiting", { count: waiting })}
                  >
                    {waiting > 99 ? `${showCount(99)}+` : showCount(waiting)}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
