import { useState, type ReactNode } from "react";
import { useTranslation } from "@/i18n/use-translation";
import { Network as NetworkIcon, Pencil, Plus } from "lucide-react";
import { trimDecimal, type Network } from "@p2p/shared";
import { toast } from "@/ui/toast";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { CoinLogo } from "@/ui/coin-logo";
import { Switch } from "@/ui/switch";
import { showCoin } from "@/i18n/format";
import { translateServerText } from "@/i18n/server-text";
import { CopyValue } from "../components/copy-value";
import { QueueEmpty, QueueError, QueueSkeleton } from "../components/queue-states";
import { SectionHeader } from "../components/section-header";
import { useAdminNetworks, useUpdateNetworkMutation } from "../network-queries";
import { NetworkFormDialog } from "./network-form-dialog";

type Editing = { network: Network | null } | null;

/** Each coin's networks: kind, chain, token, decimals, confirmations, minimum, fee, switches and addresses; edited and added here (audited). */
export default function NetworksSection() {
  const { t } = useTranslation();
  const networks = useAdminNetworks();
  const [editing, setEditing] = useState<Editing>(null);
  const byCoin = new Map<string, Network[]>();
  for (const n of networks.data ?? []) byCoin.set(n.coin, [...(byCoin.get(n.coin) ?? []), n]);

  return (
    <div className="flex flex-col gap-4">
      <SectionHeader
        title={t("Networks")}
        description={t("The networks each coin moves on: what users may send, the minimum, the fee and the confirmations a deposit needs.")}
        onRefresh={() => networks.refetch()}
        refreshing={networks.isFetching}
      >
        <Button size="sm" className="h-9" onClick={() => setEditing({ network: null })} disabled={!networks.data}>
          <Plus aria-hidden />
          {t("Add network")}
        </Button>
      </SectionHeader>

      {networks.isPending ? (
        <QueueSkeleton rows={4} />
      ) : networks.isError ? (
        <QueueError title={t("We couldn't load the networks")} message={networks.error.message} onRetry={() => networks.refetch()} />
      ) : byCoin.size === 0 ? (
        <QueueEmpty icon={<NetworkIcon />} title={t("No networks")} description={t("Networks come with the coins when the server starts.")} />
      ) : (
        [...byCoin].map(([coin, list]) => (
          <Card key={coin} className="gap-0 p-0">
            <h3 className="flex items-center gap-2 border-b px-4 py-3 font-semibold">
              <CoinLogo coin={coin} className="size-7" />
              {coin}
            </h3>
            <ul className="divide-y" aria-label={t("{{coin}} networks", { coin })}>
              {list.map((n) => (
                <NetworkRow key={n.code} network={n} onEdit={() => setEditing({ network: n })} />
              ))}
            </ul>
          </Card>
        ))
      )}

      <NetworkFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        network={editing?.network ?? null}
        coins={[...byCoin.keys()]}
      />
    </div>
  );
}

function NetworkRow({ network: n, onEdit }: { network: Network; onEdit: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateNetworkMutation();
  const toggle = (key: "deposits_enabled" | "withdrawals_enabled", on: boolean) =>
    update.mutate(
      { coin: n.coin, code: n.code, body: { [key]: on } },
      {
        onSuccess: () =>
          toast.success(t("Network saved"), {
            description: t("{{coin}} on {{network}}: open screens show the change now.", { coin: n.coin, network: n.name }),
          }),
        onError: (err) => toast.error(t("Could not save the network"), { description: translateServerText(err.message) }),
      },
    );

  return (
    <li className="grid gap-3 p-4" aria-label={n.name}>
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 font-semibold">{n.name}</p>
        <Badge variant="muted">{n.code}</Badge>
        <Badge variant={n.kind === "evm" ? "success" : "warning"}>{n.kind === "evm" ? t("EVM") : t("Manual")}</Badge>
        <Button
          variant="outline"
          size="sm"
          className="ms-auto h-9"
          onClick={onEdit}
          aria-label={t("Edit {{coin}} on {{network}}", { coin: n.coin, network: n.name })}
        >
          <Pencil aria-hidden />
          {t("Edit")}
        </Button>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-4">
        {n.kind === "evm" && <Fact label={t("Chain id")}>{n.chain_id}</Fact>}
        {n.kind === "evm" && (
          <Fact label={t("Token contract")}>
            {n.token_contract ? <CopyValue value={n.token_contract} label={t("token contract")} /> : t("Native coin")}
          </Fact>
        )}
        <Fact label={t("Decimals")}>{n.decimals}</Fact>
        <Fact label={t("Confirmations")}>{n.confirmations}</Fact>
        <Fact label={t("Minimum deposit")}>
          <span data-testid="network-minimum">
            {showCoin(trimDecimal(n.min_deposit))} {n.coin}
          </span>
        </Fact>
        <Fact label={t("Withdrawal fee")}>
          {showCoin(trimDecimal(n.withdrawal_fee))} {n.coin}
        </Fact>
        {n.kind === "manual" && (
          <Fact label={t("Platform address")}>
            {n.platform_address ? (
              <CopyValue value={n.platform_address} label={t("platform address")} />
            ) : (
              <span className="text-destructive">{t("Not set: deposits are closed")}</span>
            )}
          </Fact>
        )}
        <Fact label={t("Explorer link")}>
          {n.explorer_tx_url ? <span className="break-all font-mono text-xs">{n.explorer_tx_url}</span> : t("None")}
        </Fact>
      </dl>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <label className="flex cursor-pointer items-center gap-2 text-sm">
          <Switch checked={n.deposits_enabled} disabled={update.isPending} onCheckedChange={(on) => toggle("deposits_enabled", on)} />
          {t("Deposits")}
        </label>
        <label className="flex cursor-pointer items-center gap-2 text-sm">
          <Switch checked={n.withdrawals_enabled} disabled={update.isPending} onCheckedChange={(on) => toggle("withdrawals_enabled", on)} />
          {t("Withdrawals")}
        </label>
      </div>
    </li>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="min-w-0 font-medium tabular">{children}</dd>
    </div>
  );
}
