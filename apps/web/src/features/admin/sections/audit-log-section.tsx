import { useId, useState, type FormEvent } from "react";
import { Filter, ScrollText, X } from "lucide-react";
import { ADMIN_AUDIT_ACTIONS, type AuditEntry } from "@p2p/shared";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { Input } from "@/ui/input";
import { Label } from "@/ui/label";
import { Pager } from "@/ui/pager";
import { NativeSelect } from "@/ui/select";
import { formatDateTime } from "@/features/dashboard/format";
import { QueueEmpty, QueueError, QueueSkeleton } from "../components/queue-states";
import { SectionHeader } from "../components/section-header";
import { shortId } from "../format";
import { PEOPLE_PAGE_SIZE, useAuditLog, type AuditFilters } from "./people-data";

const NO_FILTERS: AuditFilters = { action: "", actor: "", target: "", from: "", to: "" };

/** Action groups first (every action starting so), then each admin action by name. */
const ACTION_OPTIONS: { value: string; label: string }[] = [
  { value: "", label: "All actions" },
  { value: "user.", label: "Any user action" },
  { value: "merchant_application.", label: "Any application decision" },
  { value: "deposit.", label: "Any deposit action" },
  { value: "withdrawal.", label: "Any withdrawal action" },
  { value: "order.", label: "Any order step" },
  ...ADMIN_AUDIT_ACTIONS.map((a) => ({ value: a, label: a })),
];

/** The append-only record of admin actions (and money movements), newest first, filterable. */
export default function AuditLogSection() {
  const [draft, setDraft] = useState<AuditFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const log = useAuditLog(filters, page);
  const id = useId();
  const filtered = Object.values(filters).some(Boolean);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters({ ...draft, actor: draft.actor.trim(), target: draft.target.trim() });
    setPage(1);
  };
  const clear = () => {
    setDraft(NO_FILTERS);
    setFilters(NO_FILTERS);
    setPage(1);
  };
  const set = (key: keyof AuditFilters) => (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value });

  return (
    <div className="flex flex-col gap-4">
      <SectionHeader
        title="Audit log"
        description="Every admin action and money movement: who did it, to what and when. Entries can never be changed or deleted."
        onRefresh={() => log.refetch()}
        refreshing={log.isFetching}
      />
      <Card className="p-4">
        <form onSubmit={apply} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1fr)_9.5rem_9.5rem]" aria-label="Filter the audit log">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-action`}>Action</Label>
            <NativeSelect id={`${id}-action`} value={draft.action} onChange={set("action")}>
              {ACTION_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-actor`}>Actor</Label>
            <Input id={`${id}-actor`} value={draft.actor} onChange={set("actor")} placeholder="Username or id" maxLength={100} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-target`}>Target or user</Label>
            <Input id={`${id}-target`} value={draft.target} onChange={set("target")} placeholder="Username, user id or target id" maxLength={100} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-from`}>From</Label>
            <Input id={`${id}-from`} type="date" value={draft.from} max={draft.to || undefined} onChange={set("from")} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-to`}>To</Label>
            <Input id={`${id}-to`} type="date" value={draft.to} min={draft.from || undefined} onChange={set("to")} />
          </div>
          <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-5">
            <Button type="submit" size="sm">
              <Filter aria-hidden />
              Apply filters
            </Button>
            {filtered && (
              <Button type="button" variant="ghost" size="sm" onClick={clear}>
                <X aria-hidden />
                Clear
              </Button>
            )}
            <span className="ml-auto self-center text-xs text-muted-foreground">Dates are in UTC.</span>
          </div>
        </form>
      </Card>

      {log.isPending ? (
        <QueueSkeleton rows={6} />
      ) : log.isError ? (
        <QueueError what="the audit log" message={log.error.message} onRetry={() => log.refetch()} />
      ) : log.data.entries.length === 0 ? (
        <QueueEmpty icon={<ScrollText />} title={filtered ? "No matching entries" : "Nothing recorded yet"} description={filtered ? "No entry matches these filters. Try a wider date range or clear a filter." : "Admin actions are recorded here as they happen."} />
      ) : (
        <Card className="overflow-hidden">
          <p className="border-b px-4 py-2.5 text-xs text-muted-foreground" aria-live="polite">
            {log.data.total} {log.data.total === 1 ? "entry" : "entries"}, newest first
          </p>
          <div className="overflow-x-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring" tabIndex={0} role="region" aria-label="Audit log entries">
            <table className="w-full min-w-[52rem] table-fixed text-sm">
              <caption className="sr-only">Audit log entries</caption>
              <thead className="bg-muted/50 text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="w-40 px-4 py-2 text-left font-medium">Time</th>
                  <th scope="col" className="w-56 px-4 py-2 text-left font-medium">Action</th>
                  <th scope="col" className="w-36 px-4 py-2 text-left font-medium">Actor</th>
                  <th scope="col" className="w-40 px-4 py-2 text-left font-medium">Target</th>
                  <th scope="col" className="px-4 py-2 text-left font-medium">Details</th>
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
  const details = Object.entries(entry.data).filter(([key]) => key !== "user_id");
  return (
    <tr className="align-top">
      <td className="whitespace-nowrap px-4 py-3 text-muted-foreground tabular">{formatDateTime(entry.created_at)}</td>
      <td className="px-4 py-3">
        <Badge variant={entry.action.startsWith("user.suspended") || entry.action.endsWith("rejected") ? "danger" : "secondary"} className="font-mono text-[0.6875rem]">
          {entry.action}
        </Badge>
      </td>
      <td className="truncate px-4 py-3">{entry.actor ? (entry.actor.username ?? shortId(entry.actor.id)) : <span className="text-muted-foreground">system</span>}</td>
      <td className="px-4 py-3">
        <span className="grid">
          <span className="font-medium">{entry.target_username ?? (entry.target_id ? (entry.target_id.length > 12 ? shortId(entry.target_id) : entry.target_id) : "—")}</span>
          {entry.target_type && <span className="text-xs text-muted-foreground">{entry.target_type.replace("_", " ")}{entry.target_username && entry.target_type !== "user" && entry.target_id ? ` ${shortId(entry.target_id)}` : ""}</span>}
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
                <dd className="break-words">{showValue(value)}</dd>
              </div>
            ))}
          </dl>
        )}
      </td>
    </tr>
  );
}

/** A detail as text: lists (a transfer's postings) by their size, nothing as a dash. */
function showValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value)) return value.length === 1 ? "1 entry" : `${value.length} entries`;
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}
