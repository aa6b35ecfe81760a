import type { ReactNode } from "react";
import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, CheckCircle2, Cpu, Database, Radio, RotateCw, Server, WifiOff, XCircle, type LucideIcon } from "lucide-react";
import type { HealthResponse } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { Button } from "@/ui/button";
import { Skeleton } from "@/ui/skeleton";
import { PageBody, PageHero } from "./page-parts";

const REFRESH_MS = 30_000;

/** GET /api/health answers 503 with the same body when degraded, so read the body whatever the status. */
async function fetchHealth(signal: AbortSignal): Promise<HealthResponse> {
  const response = await fetch("/api/health", { signal, cache: "no-store" });
  const body = (await response.json().catch(() => null)) as HealthResponse | null;
  if (!body?.checks) throw new Error(`The status endpoint answered ${response.status}`);
  return body;
}

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
function ago(iso: string | null): string {
  if (!iso) return "never";
  const seconds = Math.round((new Date(iso).getTime() - Date.now()) / 1000);
  return Math.abs(seconds) < 60 ? relative.format(seconds, "second") : relative.format(Math.round(seconds / 60), "minute");
}

function uptime(seconds: number): string {
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return d > 0 ? `${d}d ${h}h` : h > 0 ? `${h}h ${m}m` : `${m}m`;
}

type Component = { key: string; name: string; icon: LucideIcon; ok: boolean; detail: string };

function components(h: HealthResponse): Component[] {
  const { api, database, realtime, jobs } = h.checks;
  return [
    { key: "api", name: "API", icon: Server, ok: api.ok, detail: `Version ${h.version} · up ${uptime(h.uptime_seconds)}` },
    {
      key: "database",
      name: "Database",
      icon: Database,
      ok: database.ok,
      detail: database.ok ? `${database.latency_ms ?? "–"} ms response · ${database.store}` : "Not responding",
    },
    {
      key: "realtime",
      name: "Realtime",
      icon: Radio,
      ok: realtime.ok,
      detail: `${realtime.connections} live ${realtime.connections === 1 ? "connection" : "connections"} · ${realtime.bus} bus`,
    },
    {
      key: "jobs",
      name: "Job runner",
      icon: Cpu,
      ok: jobs.ok,
      detail: `Last run ${ago(jobs.last_tick_at)}${jobs.pending === null ? "" : ` · ${jobs.pending} queued`}`,
    },
  ];
}

export default function StatusPage() {
  const health = useQuery({
    queryKey: ["health"],
    queryFn: ({ signal }) => fetchHealth(signal),
    refetchInterval: REFRESH_MS,
    retry: false,
  });
  const checkedAt = health.dataUpdatedAt ? new Date(health.dataUpdatedAt) : null;

  return (
    <>
      <PageHero eyebrow="System status" title="NaijaP2P status">
        Live health of the services behind every trade. This page checks again every 30 seconds.
      </PageHero>
      <PageBody className="flex flex-col gap-6">
        {health.isPending ? (
          <Skeleton className="h-20 w-full rounded-xl" />
        ) : health.isError && !health.data ? (
          <Banner tone="down" icon={WifiOff} title="We can't reach NaijaP2P right now">
            Your connection or our servers may be down. We'll keep checking.
          </Banner>
        ) : health.data.status === "ok" ? (
          <Banner tone="ok" icon={CheckCircle2} title="All systems operational">
            Trading, escrow, chat and notifications are working normally.
          </Banner>
        ) : (
          <Banner tone="degraded" icon={AlertTriangle} title="Some systems are degraded">
            Orders may be slower than usual. Funds in escrow stay safe and no order is lost while we recover.
          </Banner>
        )}

        <div className="rounded-xl border bg-card">
          <div className="flex flex-wrap items-center justify-between gap-3 border-b px-5 py-4">
            <h2 className="font-semibold">Components</h2>
            <div className="flex items-center gap-3 text-xs text-muted-foreground">
              {checkedAt && <span aria-live="polite">Checked {checkedAt.toLocaleTimeString("en-NG")}</span>}
              <Button variant="outline" size="sm" onClick={() => health.refetch()} disabled={health.isFetching}>
                <RotateCw className={cn(health.isFetching && "animate-spin")} />
                Refresh
              </Button>
            </div>
          </div>
          <ul className="divide-y">
            {health.data
              ? components(health.data).map((c) => <ComponentRow key={c.key} component={c} />)
              : ["API", "Database", "Realtime", "Job runner"].map((name) => (
                  <li key={name} className="flex items-center gap-4 px-5 py-4">
                    <Skeleton className="size-9 rounded-lg" />
                    <div className="grid flex-1 gap-2">
                      <p className="text-sm font-medium">{name}</p>
                      <Skeleton className="h-3 w-40" />
                    </div>
                    {health.isPending ? <Skeleton className="h-6 w-24 rounded-full" /> : <StatusPill state="unknown" />}
                  </li>
                ))}
          </ul>
        </div>
        <p className="text-sm text-muted-foreground">
          Seeing a problem that isn't shown here? Tell us through live chat or the <Link className="font-medium text-primary underline-offset-4 hover:underline" to="/help#contact">Help Center</Link>.
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
  return (
    <li className="flex items-center gap-4 px-5 py-4">
      <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
        <c.icon className="size-4.5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium">{c.name}</p>
        <p className="text-xs break-words text-muted-foreground">{c.detail}</p>
      </div>
      <StatusPill state={c.ok ? "ok" : "degraded"} />
    </li>
  );
}

function StatusPill({ state }: { state: "ok" | "degraded" | "unknown" }) {
  const config = {
    ok: { label: "Operational", icon: CheckCircle2, className: "bg-emerald-500/12 text-emerald-700 dark:text-emerald-300" },
    degraded: { label: "Degraded", icon: XCircle, className: "bg-amber-500/15 text-amber-700 dark:text-amber-300" },
    unknown: { label: "Unknown", icon: WifiOff, className: "bg-muted text-muted-foreground" },
  }[state];
  return (
    <span className={cn("inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold", config.className)}>
      <config.icon className="size-3.5" aria-hidden />
      {config.label}
    </span>
  );
}
