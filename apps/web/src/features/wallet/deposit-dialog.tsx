import { useState } from "react";
import { useTranslation } from "@/i18n/use-translation";
import { AlertTriangle, RotateCw } from "lucide-react";
import type { Network, WalletBalance } from "@p2p/shared";
import { Button } from "@/ui/button";
import { DialogFooter } from "@/ui/dialog";
import { EmptyState } from "@/ui/empty-state";
import { Skeleton } from "@/ui/skeleton";
import { translateServerText } from "@/i18n/server-text";
import { DepositAddressPanel } from "./deposit-address-panel";
import { ManualDepositForm } from "./manual-deposit-form";
import { useNetworks } from "./network-queries";
import { NetworkSelect } from "./network-select";
import { CoinSelect, WalletFormDialog } from "./wallet-form-dialog";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  balances: WalletBalance[];
  coin: string;
  onCoinChange: (coin: string) => void;
  onSubmitted: () => void;
};

/**
 * Deposit (DESIGN §2): the coin, then the network first, with a plain warning about what may be
 * sent. An EVM network shows the user's own address (credited by the chain watcher, nothing to
 * file); a manual one the platform's address and the user's memo, then the form an admin reviews.
 */
export function DepositDialog({ open, onOpenChange, balances, coin, onCoinChange, onSubmitted }: Props) {
  const { t } = useTranslation();
  const networks = useNetworks();
  const [picked, setPicked] = useState<string | null>(null);
  const choices = (networks.data ?? []).filter((n) => n.coin === coin && n.deposits_enabled);
  // One network needs no choosing; with more, nothing is shown until the person picks one.
  const network = choices.find((n) => n.code === picked) ?? (choices.length === 1 ? choices[0]! : null);
  const close = () => onOpenChange(false);

  return (
    <WalletFormDialog
      open={open}
      onOpenChange={onOpenChange}
      onReset={() => setPicked(null)}
      title={t("Deposit {{coin}}", { coin })}
      description={t("Choose the network you will send on: each network has its own address.")}
    >
      <CoinSelect
        id="deposit-coin"
        coin={coin}
        balances={balances}
        onChange={(next) => {
          setPicked(null);
          onCoinChange(next);
        }}
        optionLabel={(b) => `${b.coin} · ${b.name}`}
      />

      {networks.isPending ? (
        <Skeleton className="h-11 rounded-lg" />
      ) : networks.isError ? (
        <EmptyState
          role="alert"
          className="rounded-lg border border-dashed"
          title={t("We couldn't load the networks")}
          description={translateServerText(networks.error.message)}
          action={
            <Button variant="outline" size="sm" onClick={() => networks.refetch()}>
              <RotateCw />
              {t("Try again")}
            </Button>
          }
        />
      ) : choices.length === 0 ? (
        <EmptyState
          className="rounded-lg border border-dashed"
          icon={<AlertTriangle />}
          title={t("Deposits of {{coin}} are not open yet", { coin })}
          description={t("Our team has not opened a network for deposits of this coin. Please choose another coin or check back later.")}
        />
      ) : (
        <>
          <NetworkSelect id="deposit-network" networks={choices} value={network?.code ?? ""} onChange={setPicked} />
          {network ? (
            <NetworkDeposit key={`${network.coin}/${network.code}`} network={network} onCancel={close} onSubmitted={onSubmitted} onDone={close} />
          ) : (
            <p className="rounded-lg border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">
              {t("Choose a network to see where to send your {{coin}}.", { coin })}
            </p>
          )}
        </>
      )}
    </WalletFormDialog>
  );
}

function NetworkDeposit({
  network,
  onCancel,
  onDone,
  onSubmitted,
}: {
  network: Network;
  onCancel: () => void;
  onDone: () => void;
  onSubmitted: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <p
        role="note"
        className="flex gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm font-medium text-amber-800 dark:text-amber-200"
      >
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{t("Send only {{coin}} on {{network}} to this address.", { coin: network.coin, network: network.name })}</span>
      </p>
      <DepositAddressPanel network={network} />
      {network.kind === "manual" ? (
        <ManualDepositForm
          network={network}
          onCancel={onCancel}
          onSubmitted={() => {
            onDone();
            onSubmitted();
          }}
        />
      ) : (
        <DialogFooter>
          <Button type="button" className="h-11 sm:h-10" onClick={onDone}>
            {t("Done")}
          </Button>
        </DialogFooter>
      )}
    </>
  );
}
