import { useEffect, type ReactNode } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { showDate } from "@/i18n/format";
import { cn } from "@/lib/cn";

/** Scrolls to #fragment once the (lazily loaded) page content exists. */
export function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
}

/** The page's title band; `width` matches the PageBody below it so left edges line up. */
export function PageHero({
  eyebrow,
  title,
  children,
  width = "max-w-4xl",
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  width?: "max-w-4xl" | "max-w-5xl" | "max-w-6xl";
}) {
  return (
    <section className="relative overflow-hidden border-b">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(60%_80%_at_50%_0%,color-mix(in_oklab,var(--primary)_12%,transparent),transparent)]"
      />
      <div className={cn("mx-auto flex w-full flex-col gap-3 px-4 py-12 sm:px-6 sm:py-16 lg:px-8", width)}>
        {eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p>}
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
        {children && <div className="max-w-2xl text-base text-muted-foreground sm:text-lg">{children}</div>}
      </div>
    </section>
  );
}

export function PageBody({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn("mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8", className)}>{children}</div>;
}

/** Long-form text with comfortable rhythm (no typography plugin needed). */
export function Prose({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div
      className={cn(
        "text-[0.9375rem] leading-7 text-foreground/90",
        "[&_h2]:mt-10 [&_h2]:scroll-mt-24 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-foreground first:[&_h2]:mt-0",
        "[&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-foreground",
        "[&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:ps-5 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ol]:ps-5",
        "[&_a]:font-medium [&_a]:text-primary [&_a]:underline-offset-4 hover:[&_a]:underline [&_strong]:text-foreground",
        className,
      )}
    >
      {children}
    </div>
  );
}

export type DocSection = { id: string; title: string; body: ReactNode };

/**
 * A legal document: effective date, a table of contents, then numbered sections. `updated` is an
 * ISO time at midday UTC, so the date reads the same in every time zone.
 */
export function LegalDocument({ updated, intro, sections }: { updated: string; intro: ReactNode; sections: DocSection[] }) {
  const { t } = useTranslation();
  useScrollToHash();
  return (
    <PageBody className="grid max-w-6xl gap-10 lg:grid-cols-[15rem_1fr]">
      <aside className="lg:sticky lg:top-24 lg:self-start">
        <p className="text-xs text-muted-foreground">{t("Last updated {{date}}", { date: showDate(updated) })}</p>
        <nav aria-label={t("Contents")} className="mt-4 rounded-xl border bg-card p-4">
          <p className="text-sm font-semibold">{t("Contents")}</p>
          <ol className="mt-3 grid gap-2 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-muted-foreground hover:text-foreground">
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      </aside>
      <Prose className="min-w-0 max-w-3xl">
        {intro}
        {sections.map((section, index) => (
          <section key={section.id} aria-labelledby={section.id}>
            <h2 id={section.id}>
              {index + 1}. {section.title}
            </h2>
            {section.body}
          </section>
        ))}
      </Prose>
    </PageBody>
  );
}
