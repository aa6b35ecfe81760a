import type { ReactNode } from "react";
import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "@/i18n/use-translation";
import { Trans } from "@/i18n/trans";
import type { TFunction } from "@p2p/shared";
import { AlertTriangle, CheckCircle2, Cpu, Database, Radio, RotateCw, Server, WifiOff, XCircle, type LucideIcon } from "lucide-react";
import { msg, type HealthResponse } from "@p2p/shared";
import { showCount, showRelative, showTime } from "@/i18n/format";
import { cn } from "@/lib/cn";
import { Button } from "@/ui/button";
import { Skeleton } from "@/ui/skeleton";
import { LiabilityRootsBlock } from "@/features/reserves/liability-roots-block";
import { PageBody, PageHero } from "./page-parts";

const REFRESH_MS = 30_000;

/** GET /api/health answers 503 with the same body when degraded, so read the body whatever the status. */
async function fetchHealth(signal: AbortSignal): Promise<HealthResponse> {
  const response = await fetch("/api/health", { signal, cache: "no-store" });
  const body = (await response.json().catch(() => null)) as HealthResponse | null;
  if (!body?.checks) throw new Error(`The status endpoint answered ${response.status}`);
  return body;
}

function uptime(seconds: number, t: TFunction): string {
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return t("{{days}}d {{hours}}h", { days, hours });
  return hours > 0 ? t("{{hours}}h {{minutes}}m", { hours, minutes }) : t("{{minutes}}m", { minutes });
}

const NAMES = { api: msg("API"), database: msg("Database"), realtime: msg("Realtime"), jobs: msg("Job runner") };

type Component = { key: keyof typeof NAMES; icon: LucideIcon; ok: boolean; detail: string };

function components(h: HealthResponse, t: TFunction): Component[] {
  const { api, database, realtime, jobs } = h.checks;
  const lastRun = jobs.last_tick_at ? showRelative(jobs.last_tick_at) : t("never");
  return [
    {
      key: "api",
      icon: Server,
      ok: api.ok,
      detail: t("Version {{version}} · up {{uptime}}", { version: h.version, uptime: uptime(h.uptime_seconds, t) }),
    },
    {
      key: "database",
      icon: Database,
      ok: database.ok,
      detail: database.ok
        ? t("{{latency}} ms response · {{store}}", {
            latency: database.latency_ms === null ? "–" : showCount(database.latency_ms),
            store: database.store,
          })
        : t("Not responding"),
    },
    {
      key: "realtime",
      icon: Radio,
      ok: realtime.ok,
      detail: t("{{count}} live connections · {{bus}} bus", { count: realtime.connections, bus: realtime.bus }),
    },
    {
      key: "jobs",
      icon: Cpu,
      ok: jobs.ok,
      detail:
        jobs.pending === null
          ? t("Last run {{when}}", { when: lastRun })
          : t("Last run {{when}} · {{count}} queued", { when: lastRun, count: jobs.pending }),
    },
  ];
}

export default function StatusPage() {
  const { t } = useTranslation();
  const health = useQuery({
    queryKey: ["health"],
    queryFn: ({ signal }) => fetchHealth(signal),
    refetchInterval: REFRESH_MS,
    retry: false,
  });
  const checkedAt = health.dataUpdatedAt ? new Date(health.dataUpdatedAt) : null;

  return (
    <>
      <PageHero eyebrow={t("System status")} title={t("NaijaP2P status")}>
        {t("Live health of the services behind every trade. This page checks again every 30 seconds.")}
      </PageHero>
      <PageBody className="flex flex-col gap-6">
        {health.isPending ? (
          <Skeleton className="h-20 w-full rounded-xl" />
        ) : health.isError && !health.data ? (
          <Banner tone="down" icon={WifiOff} title={t("We can't reach NaijaP2P right now")}>
            {t("Your connection or our servers may be down. We'll keep checking.")}
          </Banner>
        ) : health.data.status === "ok" ? (
          <Banner tone="ok" icon={CheckCircle2} title={t("All systems operational")}>
            {t("Trading, escrow, chat and notifications are working normally.")}
          </Banner>
        ) : (
          <Banner tone="degraded" icon={AlertTriangle} title={t("Some systems are degraded")}>
            {t("Orders may be slower than usual. Funds in escrow stay safe and no order is lost while we recover.")}
          </Banner>
        )}

        <div className="rounded-xl border bg-card">
          <div className="flex flex-wrap items-center justify-between gap-3 border-b px-5 py-4">
            <h2 className="font-semibold">{t("Components")}</h2>
            <div className="flex items-center gap-3 text-xs text-muted-foreground">
              {checkedAt && <span aria-live="polite">{t("Checked {{time}}", { time: showTime(checkedAt.toISOString()) })}</span>}
              <Button variant="outline" size="sm" onClick={() => health.refetch()} disabled={health.isFetching}>
                <RotateCw className={cn(health.isFetching && "animate-spin")} />
                {t("Refresh")}
              </Button>
            </div>
          </div>
          <ul className="divide-y">
            {health.data
              ? components(health.data, t).map((c) => <ComponentRow key={c.key} component={c} />)
              : Object.entries(NAMES).map(([key, name]) => (
                  <li key={key} className="flex items-center gap-4 px-5 py-4">
                    <Skeleton className="size-9 rounded-lg" />
                    <div className="grid flex-1 gap-2">
                      <p className="text-sm font-medium">{t(name)}</p>
                      <Skeleton className="h-3 w-40" />
                    </div>
                    {health.isPending ? <Skeleton className="h-6 w-24 rounded-full" /> : <StatusPill state="unknown" />}
                  </li>
                ))}
          </ul>
        </div>
        <LiabilityRootsBlock />
        <p className="text-sm text-muted-foreground">
          <Trans
            i18nKey="Seeing a problem that isn't shown here? Tell us through live chat or the <help>Help Center</help>."
            components={{ help: <Link className="font-medium text-primary underline-offset-4 hover:underline" to="/help#contact" /> }}
          />
        </p>
      </PageBody>
    </>
  );
}

const TONES = {
  ok: "border-emerald-500/30 bg-emerald-500/10 [&>svg]:text-emerald-600 dark:[&>svg]:text-emerald-400",
  degraded: "border-amber-500/30 bg-amber-500/10 [&>svg]:text-amber-700 dark:[&>svg]:text-amber-400",
  down: "border-destructive/30 bg-destructive/10 [&>svg]:text-destructive",
};

function Banner({ tone, icon: Icon, title, children }: { tone: keyof typeof TONES; icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <div role="status" className={cn("flex items-start gap-4 rounded-xl border p-5", TONES[tone])}>
      <Icon className="mt-0.5 size-6 shrink-0" aria-hidden />
      <div>
        <p className="font-semibold">{title}</p>
        <p className="mt-1 text-sm text-muted-foreground">{children}</p>
      </div>
    </div>
  );
}

function ComponentRow({ component: c }: { component: Component }) {
  const { t } = useTranslation();
  return (
    <li className="flex items-center gap-4 px-5 py-4">
      <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
        <c.icon className="size-4.5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium">{t(NAMES[c.key])}</p>
        <p className="text-xs break-words text-muted-foreground">{c.detail}</p>
      </div>
      <StatusPill state={c.ok ? "ok" : "degraded"} />
    </li>
  );
}

function StatusPill({ state }: { state: "ok" | "degraded" | "unknown" }) {
  const { t } = useTranslation();
  const config = {
    ok: { label: msg("Operational"), icon: CheckCircle2, className: "bg-emerald-500/12 text-emerald-700 dark:text-emerald-300" },
    degraded: { label: msg("Degraded"), icon: XCircle, className: "bg-amber-500/15 text-amber-700 dark:text-amber-300" },
    unknown: { label: msg("Unknown"), icon: WifiOff, className: "bg-muted text-muted-foreground" },
  }[state];
  return (
    <span className={cn("inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold", config.className)}>
      <config.icon className="size-3.5" aria-hidden />
      {t(config.label)}
    </span>
  );
}
