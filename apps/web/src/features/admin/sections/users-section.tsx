import { useEffect, useId, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { Ban, ChevronRight, RotateCcw, Search, ShieldCheck, Undo2, Users } from "lucide-react";
import { msg, ORDER_STATUS_LABELS, ROLES, type AdminUser, type AdminUserDetail, type Role } from "@p2p/shared";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { CoinLogo } from "@/ui/coin-logo";
import { Input } from "@/ui/input";
import { Label } from "@/ui/label";
import { Pager } from "@/ui/pager";
import { NativeSelect } from "@/ui/select";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/ui/sheet";
import { Skeleton } from "@/ui/skeleton";
import { useSession } from "@/features/auth/queries";
import { showCoin, showCount, showDate, showDateTime, showNaira, showScore } from "@/i18n/format";
import { translateServerText } from "@/i18n/server-text";
import { ActionDialog } from "../components/action-dialog";
import { QueueEmpty, QueueError, QueueSkeleton } from "../components/queue-states";
import { SummaryRow } from "../components/request-parts";
import { ExportCsvButton } from "../components/export-csv-button";
import { SectionHeader } from "../components/section-header";
import { shortId } from "../format";
import {
  PEOPLE_PAGE_SIZE,
  useAdminUserDetail,
  useChangeRoleMutation,
  useRestoreUserMutation,
  useSuspendUserMutation,
  useWithdrawAdminProposalMutation,
  useUserSearch,
} from "./people-data";

const ROLE_VARIANT: Record<Role, "muted" | "success" | "default"> = { user: "muted", merchant: "success", admin: "default" };

/** Each role's name and the sentences that put it in place: a role's name changes the grammar around it. */
const ROLE_TEXT: Record<Role, { name: string; becomes: string; isNow: string }> = {
  user: { name: msg("User"), becomes: msg("{{username}} becomes user at once and is notified."), isNow: msg("{{username}} is now user.") },
  merchant: {
    name: msg("Merchant"),
    becomes: msg("{{username}} becomes merchant at once and is notified."),
    isNow: msg("{{username}} is now merchant."),
  },
  admin: { name: msg("Admin"), becomes: msg("{{username}} becomes admin at once and is notified."), isNow: msg("{{username}} is now admin.") },
};

/** Every account: search by email, username or phone, then open one to see it, change its role, suspend or restore it. */
export default function UsersSection() {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  const [role, setRole] = useState<Role | "all">("all");
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const searchId = useId();
  const users = useUserSearch(q, role, page);

  // Search as the admin types, once they pause.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(text.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <div className="flex flex-col gap-4">
      <SectionHeader
        title={t("Users")}
        description={t("Find an account by email, username or phone number. Open it to see balances and orders, change its role, or suspend it.")}
        onRefresh={() => users.refetch()}
        refreshing={users.isFetching}
      >
        <ExportCsvButton kind="users" filters={{ q, role: role === "all" ? undefined : role }} />
      </SectionHeader>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <div className="grid gap-1.5">
          <Label htmlFor={searchId}>{t("Search")}</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              id={searchId}
              type="search"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={t("Email, username or phone")}
              className="ps-9"
              maxLength={100}
            />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${searchId}-role`}>{t("Role")}</Label>
          <NativeSelect
            id={`${searchId}-role`}
            value={role}
            onChange={(e) => {
              setRole(e.target.value as Role | "all");
              setPage(1);
            }}
          >
            <option value="all">{t("All roles")}</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(ROLE_TEXT[r].name)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      {users.isPending ? (
        <QueueSkeleton rows={5} />
      ) : users.isError ? (
        <QueueError title={t("We couldn't load users")} message={users.error.message} onRetry={() => users.refetch()} />
      ) : users.data.users.length === 0 ? (
        <QueueEmpty
          icon={<Users />}
          title={t("No accounts found")}
          description={q ? t("Nobody's email, username or phone contains “{{q}}”.", { q }) : t("No accounts match this filter.")}
        />
      ) : (
        <Card>
          <p className="border-b px-4 py-2.5 text-xs text-muted-foreground" aria-live="polite">
            {t("{{count}} accounts", { count: users.data.total })}
          </p>
          <ul className="divide-y" aria-label={t("Accounts")}>
            {users.data.users.map((user) => (
              <UserRow key={user.id} user={user} onOpen={() => setSelected(user.id)} />
            ))}
          </ul>
        </Card>
      )}
      {users.data && <Pager page={page} pageSize={PEOPLE_PAGE_SIZE} total={users.data.total} onPageChange={setPage} busy={users.isPlaceholderData} />}

      <Sheet open={selected !== null} onOpenChange={(open) => !open && setSelected(null)}>
        <SheetContent side={i18n.dir() === "rtl" ? "left" : "right"} className="w-[min(34rem,100vw)] overflow-y-auto">
          {selected && <UserPanel id={selected} />}
        </SheetContent>
      </Sheet>
    </div>
  );
}

function UserRow({ user, onOpen }: { user: AdminUser; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="grid w-full grid-cols-[minmax(0,1fr)_auto] items-center gap-3 px-4 py-3 text-start transition-colors hover:bg-accent/50 focus-visible:bg-accent/50 focus-visible:outline-none sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_7rem_9rem_auto]"
      >
        <span className="grid min-w-0">
          <span className="flex min-w-0 items-center gap-1.5">
            <span className="truncate font-medium">{user.username}</span>
            {user.suspended && (
              <Badge variant="danger" className="px-1.5 py-0 text-[0.625rem]">
                {t("Suspended")}
              </Badge>
            )}
          </span>
          <span className="truncate text-xs text-muted-foreground">{user.email}</span>
        </span>
        <span className="hidden truncate text-sm text-muted-foreground sm:block">{user.phone_number ?? "—"}</span>
        <span className="hidden sm:block">
          <Badge variant={ROLE_VARIANT[user.role]}>{t(ROLE_TEXT[user.role].name)}</Badge>
        </span>
        <span className="hidden whitespace-nowrap text-xs text-muted-foreground sm:block">
          {t("Joined {{date}}", { date: showDate(user.created_at) })}
        </span>
        <ChevronRight className="size-4 text-muted-foreground rtl:rotate-180" aria-hidden />
      </button>
    </li>
  );
}

type Pending = { kind: "role"; role: Role } | { kind: "withdraw-proposal" } | { kind: "suspend" } | { kind: "restore" } | null;

function UserPanel({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data: me } = useSession();
  const detail = useAdminUserDetail(id);
  const [pending, setPending] = useState<Pending>(null);
  const [role, setRole] = useState<Role | null>(null);
  const changeRole = useChangeRoleMutation();
  const withdrawProposal = useWithdrawAdminProposalMutation();
  const suspend = useSuspendUserMutation();
  const restore = useRestoreUserMutation();

  if (detail.isPending) {
    return (
      <div className="grid gap-4 p-4" aria-busy aria-label={t("Loading")}>
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-4 w-56" />
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (detail.isError) {
    return (
      <>
        <SheetHeader>
          <SheetTitle>{t("Account")}</SheetTitle>
          <SheetDescription>
            {t("We couldn't load this account: {{message}}", { message: translateServerText(detail.error.message) })}
          </SheetDescription>
        </SheetHeader>
        <Button variant="outline" className="mx-4 self-start" onClick={() => detail.refetch()}>
          {t("Try again")}
        </Button>
      </>
    );
  }

  const { user, balances, open_orders, recent_orders } = detail.data;
  const isSelf = me?.id === user.id;
  const proposal = user.admin_proposal;
  // Admin takes two admins: the first one's choice proposes it, a different admin's approves it.
  const adminWaitsForMe = proposal !== null && proposal.proposed_by_id !== me?.id;
  const chosenRole = role ?? user.role;
  const summary = (
    <dl>
      <SummaryRow label={t("Account")}>{user.username}</SummaryRow>
      <SummaryRow label={t("Email")}>{user.email}</SummaryRow>
      <SummaryRow label={t("Open orders")}>{showCount(open_orders)}</SummaryRow>
    </dl>
  );

  return (
    <>
      <SheetHeader>
        <SheetTitle className="flex flex-wrap items-center gap-2 text-lg">
          {user.username}
          <Badge variant={ROLE_VARIANT[user.role]}>{t(ROLE_TEXT[user.role].name)}</Badge>
          {user.suspended && <Badge variant="danger">{t("Suspended")}</Badge>}
        </SheetTitle>
        <SheetDescription>{user.full_name}</SheetDescription>
      </SheetHeader>
      <div className="grid gap-6 px-4 pb-6">
        {user.suspended && (
          <div role="status" className="rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm">
            <p className="font-medium">{user.suspended_at ? t("Suspended {{when}}", { when: showDateTime(user.suspended_at) }) : t("Suspended")}</p>
            {user.suspension_reason && (
              <p className="break-words text-muted-foreground">{t("Reason: {{reason}}", { reason: user.suspension_reason })}</p>
            )}
          </div>
        )}
        <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
          <PanelRow label={t("Email")}>
            {user.email} {!user.email_confirmed && <span className="text-xs text-muted-foreground">{t("(not confirmed)")}</span>}
          </PanelRow>
          <PanelRow label={t("Phone")}>{user.phone_number ?? "—"}</PanelRow>
          <PanelRow label={t("Joined")}>{showDateTime(user.created_at)}</PanelRow>
          <PanelRow label={t("Trades")}>
            {t("{{trades}} · rating {{score}}", { trades: showCount(user.total_trades), score: showScore(user.reputation_score) })}
          </PanelRow>
          <PanelRow label={t("Open orders")}>{showCount(open_orders)}</PanelRow>
          <PanelRow label={t("User id")}>
            <span className="break-all font-mono text-xs">{user.id}</span>
          </PanelRow>
        </dl>

        <section className="grid gap-2" aria-labelledby="panel-balances">
          <h3 id="panel-balances" className="text-sm font-semibold">
            {t("Balances")}
          </h3>
          <div className="flex flex-wrap gap-2">
            <ExportCsvButton kind="ledger-entries" filters={{ user: user.id }} label={t("Ledger entries (CSV)")} />
            <ExportCsvButton kind="transactions" filters={{ user: user.id }} label={t("Transactions (CSV)")} />
          </div>
          <div className="overflow-x-auto rounded-lg border">
            <table className="w-full text-sm">
              <thead className="bg-muted/50 text-xs text-muted-foreground">
                <tr>
                  <th className="px-3 py-2 text-start font-medium">{t("Coin")}</th>
                  <th className="px-3 py-2 text-end font-medium">{t("Available")}</th>
                  <th className="px-3 py-2 text-end font-medium">{t("In escrow")}</th>
                  <th className="px-3 py-2 text-end font-medium">{t("Withdrawing")}</th>
                </tr>
              </thead>
              <tbody className="divide-y tabular">
                {balances.map((b) => (
                  <tr key={b.coin}>
                    <td className="px-3 py-2">
                      <span className="inline-flex items-center gap-2">
                        <CoinLogo coin={b.coin} className="size-5" />
                        {b.coin}
                      </span>
                    </td>
                    <td className="px-3 py-2 text-end">{showCoin(b.available)}</td>
                    <td className="px-3 py-2 text-end">{showCoin(b.in_escrow)}</td>
                    <td className="px-3 py-2 text-end">{showCoin(b.withdrawing)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        <RecentOrders orders={recent_orders} />

        <section className="grid gap-3" aria-labelledby="panel-role">
          <h3 id="panel-role" className="text-sm font-semibold">
            {t("Role")}
          </h3>
          {proposal && (
            <div role="status" className="grid gap-3 rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm">
              <p>
                {t("Proposed as admin by {{proposer}} on {{when}}. Another admin has to approve it.", {
                  proposer: proposal.proposed_by,
                  when: showDateTime(proposal.created_at),
                })}
              </p>
              {!isSelf && (
                <div className="flex flex-wrap gap-2">
                  {adminWaitsForMe && (
                    <Button onClick={() => setPending({ kind: "role", role: "admin" })}>
                      <ShieldCheck aria-hidden />
                      {t("Approve admin role")}
                    </Button>
                  )}
                  <Button variant="outline" onClick={() => setPending({ kind: "withdraw-proposal" })}>
                    <Undo2 aria-hidden />
                    {t("Withdraw proposal")}
                  </Button>
                </div>
              )}
            </div>
          )}
          {isSelf ? (
            <p className="text-sm text-muted-foreground">{t("This is your own account: another admin has to change your role or suspend you.")}</p>
          ) : (
            <div className="flex flex-wrap items-end gap-2">
              <div className="grid min-w-40 flex-1 gap-1.5">
                <Label htmlFor="panel-role-select" className="sr-only">
                  {t("New role")}
                </Label>
                <NativeSelect id="panel-role-select" value={chosenRole} onChange={(e) => setRole(e.target.value as Role)}>
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {t(ROLE_TEXT[r].name)}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <Button disabled={chosenRole === user.role} onClick={() => setPending({ kind: "role", role: chosenRole })}>
                <ShieldCheck aria-hidden />
                {t("Change role")}
              </Button>
            </div>
          )}
        </section>

        {!isSelf && (
          <section className="grid gap-2 border-t pt-4" aria-labelledby="panel-access">
            <h3 id="panel-access" className="text-sm font-semibold">
              {t("Access")}
            </h3>
            {user.suspended ? (
              <Button variant="outline" className="justify-self-start" onClick={() => setPending({ kind: "restore" })}>
                <RotateCcw aria-hidden />
                {t("Restore account")}
              </Button>
            ) : (
              <>
                <p className="text-sm text-muted-foreground">
                  {t(
                    "Suspending signs the account out everywhere at once, takes its offers offline, cancels its unpaid orders (escrow back to the seller) and sends paid ones to appeal.",
                  )}
                </p>
                <Button variant="destructive" className="justify-self-start" onClick={() => setPending({ kind: "suspend" })}>
                  <Ban aria-hidden />
                  {t("Suspend account")}
                </Button>
              </>
            )}
          </section>
        )}
      </div>

      <ActionDialog
        open={pending?.kind === "role"}
        onOpenChange={(open) => !open && setPending(null)}
        title={t("Change role")}
        description={
          pending?.kind === "role"
            ? [
                pending.role === "admin" && !adminWaitsForMe
                  ? t("{{username}} becomes admin once another admin approves it.", { username: user.username })
                  : t(ROLE_TEXT[pending.role].becomes, { username: user.username }),
                user.role === "merchant" && (pending.role !== "admin" || adminWaitsForMe) ? t("Their offers go offline.") : null,
              ]
                .filter(Boolean)
                .join(" ")
            : ""
        }
        summary={summary}
        confirmLabel={t("Change role")}
        onConfirm={async () => {
          const next = (pending as { role: Role }).role;
          const result = await changeRole.mutateAsync({ id: user.id, role: next });
          setRole(null);
          if (result.admin_pending) return { title: t("Admin role proposed"), description: t("Another admin has to approve it.") };
          return { title: t("Role changed"), description: t(ROLE_TEXT[next].isNow, { username: user.username }) };
        }}
      />
      <ActionDialog
        open={pending?.kind === "withdraw-proposal"}
        onOpenChange={(open) => !open && setPending(null)}
        title={t("Withdraw proposal")}
        description={t("The admin role proposed for {{username}} is dropped.", { username: user.username })}
        summary={summary}
        confirmLabel={t("Withdraw proposal")}
        onConfirm={async () => {
          await withdrawProposal.mutateAsync({ id: user.id });
          return { title: t("Proposal withdrawn"), description: t(ROLE_TEXT[user.role].isNow, { username: user.username }) };
        }}
      />
      <ActionDialog
        open={pending?.kind === "suspend"}
        onOpenChange={(open) => !open && setPending(null)}
        title={t("Suspend account")}
        tone="destructive"
        description={t("The person is signed out everywhere and cannot sign in until an admin restores the account. They see your reason.")}
        summary={summary}
        field={{
          kind: "textarea",
          label: t("Reason"),
          placeholder: t("e.g. Several confirmed reports of fake payment proofs."),
          maxLength: 500,
          validate: (v) => (v.length < 3 ? msg("Give a reason (at least 3 characters).") : null),
        }}
        confirmLabel={t("Suspend account")}
        onConfirm={async (reason) => {
          const result = await suspend.mutateAsync({ id: user.id, reason });
          const orders = t("{{count}} unpaid orders", { count: result.orders_cancelled });
          const offers = t("{{count}} offers", { count: result.offers_taken_offline });
          return {
            title: t("Account suspended"),
            description: t("{{orders}} cancelled, {{disputed}} sent to appeal, {{offers}} taken offline.", {
              orders,
              disputed: showCount(result.orders_disputed),
              offers,
            }),
          };
        }}
      />
      <ActionDialog
        open={pending?.kind === "restore"}
        onOpenChange={(open) => !open && setPending(null)}
        title={t("Restore account")}
        description={t("The person can sign in and trade again, and is notified. Their offers stay offline until they switch them on.")}
        summary={summary}
        confirmLabel={t("Restore account")}
        onConfirm={async () => {
          await restore.mutateAsync({ id: user.id });
          return { title: t("Account restored"), description: t("{{username}} can sign in again.", { username: user.username }) };
        }}
      />
    </>
  );
}

function RecentOrders({ orders }: { orders: AdminUserDetail["recent_orders"] }) {
  const { t } = useTranslation();
  const role = (o: (typeof orders)[number]) =>
    o.relation === "creator" ? (o.side === "buy" ? t("Buys") : t("Sells")) : o.side === "buy" ? t("Sells (merchant)") : t("Buys (merchant)");
  return (
    <section className="grid gap-2" aria-labelledby="panel-orders">
      <h3 id="panel-orders" className="text-sm font-semibold">
        {t("Recent orders")}
      </h3>
      {orders.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("No orders yet.")}</p>
      ) : (
        <ul className="divide-y rounded-lg border text-sm">
          {orders.map((o) => (
            <li key={o.id}>
              <Link
                to={`/order/${o.id}`}
                className="flex items-center gap-3 px-3 py-2 hover:bg-accent/50 focus-visible:bg-accent/50 focus-visible:outline-none"
              >
                <CoinLogo coin={o.coin} className="size-6" />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">
                    {shortId(o.id)} · {role(o)}
                  </span>
                  <span className="block text-xs text-muted-foreground tabular">
                    {showCoin(o.coin_amount)} {o.coin} · {showNaira(o.naira_amount)} · {showDateTime(o.created_at)}
                  </span>
                </span>
                <Badge variant="muted">{t(ORDER_STATUS_LABELS[o.status])}</Badge>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PanelRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}
