import { useId, useState } from "react";
import { DayRangeFields } from "../components/day-range-fields";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "@/i18n/use-translation";
import type { TFunction } from "@p2p/shared";
import { Filter, ScrollText, X } from "lucide-react";
import { z } from "zod";
import { ADMIN_AUDIT_ACTIONS, msg, type AuditEntry } from "@p2p/shared";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { Input } from "@/ui/input";
import { Label } from "@/ui/label";
import { Pager } from "@/ui/pager";
import { NativeSelect } from "@/ui/select";
import { showDateTime } from "@/i18n/format";
import { QueueEmpty, QueueError, QueueSkeleton } from "../components/queue-states";
import { ExportCsvButton } from "../components/export-csv-button";
import { SectionHeader } from "../components/section-header";
import { shortId } from "../format";
import { PEOPLE_PAGE_SIZE, useAuditLog, type AuditFilters } from "./people-data";

const NO_FILTERS: AuditFilters = { action: "", actor: "", target: "", from: "", to: "" };
/** Nothing to refuse: an empty field is no filter, names are trimmed; the browser keeps From before To. */
const filtersSchema = z.object({ action: z.string(), actor: z.string().trim(), target: z.string().trim(), from: z.string(), to: z.string() });

/** Action groups first (every action starting so, labels are translation keys), then each admin action by its code. */
const ACTION_GROUPS: { value: string; label: string }[] = [
  { value: "", label: msg("All actions") },
  { value: "user.", label: msg("Any user action") },
  { value: "merchant_application.", label: msg("Any application decision") },
  { value: "deposit.", label: msg("Any deposit action") },
  { value: "withdrawal.", label: msg("Any withdrawal action") },
  { value: "order.", label: msg("Any order step") },
];

/** The append-only record of admin actions (and money movements), newest first, filterable. */
export default function AuditLogSection() {
  const { t } = useTranslation();
  const form = useForm({ resolver: zodResolver(filtersSchema), defaultValues: NO_FILTERS });
  const [from, to] = useWatch({ control: form.control, name: ["from", "to"] });
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const log = useAuditLog(filters, page);
  const id = useId();
  const filtered = Object.values(filters).some(Boolean);

  const apply = form.handleSubmit((next) => {
    setFilters(next);
    setPage(1);
  });
  const clear = () => {
    form.reset(NO_FILTERS);
    setFilters(NO_FILTERS);
    setPage(1);
  };

  return (
    <div className="flex flex-col gap-4">
      <SectionHeader
        title={t("Audit log")}
        description={t("Every admin action and money movement: who did it, to what and when. Entries can never be changed or deleted.")}
        onRefresh={() => log.refetch()}
        refreshing={log.isFetching}
      >
        <ExportCsvButton kind="audit-log" filters={filters} />
      </SectionHeader>
      <Card className="p-4">
        <form
          onSubmit={(event) => void apply(event)}
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1fr)_9.5rem_9.5rem]"
          aria-label={t("Filter the audit log")}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-action`}>{t("Action")}</Label>
            <NativeSelect id={`${id}-action`} {...form.register("action")}>
              {ACTION_GROUPS.map((o) => (
                <option key={o.value} value={o.value}>
                  {t(o.label)}
                </option>
              ))}
              {ADMIN_AUDIT_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {action}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-actor`}>{t("Actor")}</Label>
            <Input id={`${id}-actor`} {...form.register("actor")} placeholder={t("Username or id")} maxLength={100} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-target`}>{t("Target or user")}</Label>
            <Input id={`${id}-target`} {...form.register("target")} placeholder={t("Username, user id or target id")} maxLength={100} />
          </div>
          <DayRangeFields id={id} fields={{ from: form.register("from"), to: form.register("to") }} from={from} to={to} />
          <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-5">
            <Button type="submit" size="sm" className="h-11 sm:h-8">
              <Filter aria-hidden />
              {t("Apply filters")}
            </Button>
            {filtered && (
              <Button type="button" variant="ghost" size="sm" className="h-11 sm:h-8" onClick={clear}>
                <X aria-hidden />
                {t("Clear")}
              </Button>
            )}
            <span className="ms-auto self-center text-xs text-muted-foreground">{t("Dates are in UTC.")}</span>
          </div>
        </form>
      </Card>

      {log.isPending ? (
        <QueueSkeleton rows={6} />
      ) : log.isError ? (
        <QueueError title={t("We couldn't load the audit log")} message={log.error.message} onRetry={() => log.refetch()} />
      ) : log.data.entries.length === 0 ? (
        <QueueEmpty
          icon={<ScrollText />}
          title={filtered ? t("No matching entries") : t("Nothing recorded yet")}
          description={
            filtered
              ? t("No entry matches these filters. Try a wider date range or clear a filter.")
              : t("Admin actions are recorded here as they happen.")
          }
        />
      ) : (
        <Card className="overflow-hidden">
          <p className="border-b px-4 py-2.5 text-xs text-muted-foreground" aria-live="polite">
            {t("{{count}} entries, newest first", { count: log.data.total })}
          </p>
          <div
            className="overflow-x-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            tabIndex={0}
            role="region"
            aria-label={t("Audit log entries")}
          >
            <table className="w-full min-w-[56rem] table-fixed text-sm">
              <caption className="sr-only">{t("Audit log entries")}</caption>
              <thead className="bg-muted/50 text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="w-40 px-4 py-2 text-start font-medium">
                    {t("Time")}
                  </th>
                  <th scope="col" className="w-56 px-4 py-2 text-start font-medium">
                    {t("Action")}
                  </th>
                  <th scope="col" className="w-36 px-4 py-2 text-start font-medium">
                    {t("Actor")}
                  </th>
                  <th scope="col" className="w-40 px-4 py-2 text-start font-medium">
                    {t("Target")}
                  </th>
                  <th scope="col" className="px-4 py-2 text-start font-medium">
                    {t("Details")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {log.data.entries.map((entry) => (
                  <EntryRow key={entry.id} entry={entry} />
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      )}
      {log.data && <Pager page={page} pageSize={PEOPLE_PAGE_SIZE} total={log.data.total} onPageChange={setPage} busy={log.isPlaceholderData} />}
    </div>
  );
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const details = Object.entries(entry.data).filter(([key]) => key !== "user_id");
  return (
    <tr className="align-top">
      <td className="whitespace-nowrap px-4 py-3 text-muted-foreground tabular">{showDateTime(entry.created_at)}</td>
      <td className="px-4 py-3">
        <Badge
          variant={entry.action.startsWith("user.suspended") || entry.action.endsWith("rejected") ? "danger" : "secondary"}
          className="font-mono text-[0.6875rem]"
        >
          {entry.action}
        </Badge>
      </td>
      <td className="truncate px-4 py-3">
        {entry.actor ? (entry.actor.username ?? shortId(entry.actor.id)) : <span className="text-muted-foreground">{t("system")}</span>}
      </td>
      <td className="px-4 py-3">
        <span className="grid">
          <span className="font-medium">
            {entry.target_username ?? (entry.target_id ? (entry.target_id.length > 12 ? shortId(entry.target_id) : entry.target_id) : "—")}
          </span>
          {entry.target_type && (
            <span className="text-xs text-muted-foreground">
              {entry.target_type.replace("_", " ")}
              {entry.target_username && entry.target_type !== "user" && entry.target_id ? ` ${shortId(entry.target_id)}` : ""}
            </span>
          )}
        </span>
      </td>
      <td className="px-4 py-3">
        {details.length === 0 ? (
          <span className="text-muted-foreground">—</span>
        ) : (
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-xs">
            {details.map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="text-muted-foreground">{key.replaceAll("_", " ")}</dt>
                <dd className="break-words">{showValue(value, t)}</dd>
              </div>
            ))}
          </dl>
        )}
      </td>
    </tr>
  );
}

/** A detail as text: lists (a transfer's postings) by their size, nothing as a dash; codes and ids as stored. */
function showValue(value: unknown, t: TFunction): string {
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value)) return t("{{count}} entries", { count: value.length });
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}
