import { QRCodeSVG } from "qrcode.react";
import { useTranslation } from "@/i18n/use-translation";
import { Info, RotateCw } from "lucide-react";
import { toChecksumAddress, trimDecimal, type Network } from "@p2p/shared";
import { Button } from "@/ui/button";
import { CopyButton } from "@/ui/copy-button";
import { EmptyState } from "@/ui/empty-state";
import { Skeleton } from "@/ui/skeleton";
import { showCoin } from "@/i18n/format";
import { translateServerText } from "@/i18n/server-text";
import { useDepositAddress } from "./network-queries";

/**
 * Where to send: the address with its QR code and a copy button, the memo on a manual network,
 * the minimum and (EVM) the confirmations before the coins are credited.
 */
export function DepositAddressPanel({ network }: { network: Network }) {
  const { t } = useTranslation();
  const query = useDepositAddress(network.coin, network.code);
  if (query.isPending) return <Skeleton className="h-56 rounded-lg" />;
  if (query.isError) {
    return (
      <EmptyState
        role="alert"
        className="rounded-lg border border-dashed"
        title={t("We couldn't get your deposit address")}
        description={translateServerText(query.error.message)}
        action={
          <Button variant="outline" size="sm" onClick={() => query.refetch()}>
            <RotateCw />
            {t("Try again")}
          </Button>
        }
      />
    );
  }
  const deposit = query.data;
  // EVM addresses are stored lower case; shown with their checksum, which wallets verify when pasted.
  const address = deposit.kind === "evm" ? toChecksumAddress(deposit.address) : deposit.address;
  const heading =
    deposit.kind === "evm" ? t("Your {{coin}} deposit address", { coin: deposit.coin }) : t("NaijaP2P's {{coin}} address", { coin: deposit.coin });

  return (
    <section aria-label={heading} className="grid min-w-0 gap-3 rounded-lg border bg-muted/40 p-4">
      <h3 className="text-sm font-semibold">{heading}</h3>
      <div className="flex min-w-0 flex-col items-center gap-3 sm:flex-row sm:items-start">
        <div className="shrink-0 rounded-lg border bg-white p-2">
          <QRCodeSVG value={address} size={132} title={t("QR code of the deposit address")} />
        </div>
        <div className="grid w-full min-w-0 gap-2">
          <p className="break-all font-mono text-sm" data-testid="deposit-address">
            {address}
          </p>
          <CopyButton value={address} label={t("deposit address")} showText className="h-11 justify-self-start sm:h-8" />
        </div>
      </div>

      {deposit.memo !== null && (
        <div className="grid gap-2 rounded-lg border border-amber-500/40 bg-background p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="grid gap-0.5">
              <span className="text-xs font-medium text-muted-foreground">{t("Memo")}</span>
              <span className="font-mono text-lg font-semibold tracking-wider" data-testid="deposit-memo">
                {deposit.memo}
              </span>
            </div>
            <CopyButton value={deposit.memo} label={t("memo")} showText className="h-11 sm:h-8" />
          </div>
          <p className="text-xs text-amber-800 dark:text-amber-200">
            {t("Put this memo in your transfer. Without it, we cannot tell the deposit is yours and cannot credit it.")}
          </p>
        </div>
      )}

      <dl className="grid gap-1 text-sm">
        <div className="flex flex-wrap justify-between gap-x-3">
          <dt className="text-muted-foreground">{t("Minimum deposit")}</dt>
          <dd className="font-medium tabular" data-testid="deposit-minimum">
            {showCoin(trimDecimal(deposit.min_deposit))} {deposit.coin}
          </dd>
        </div>
      </dl>
      {deposit.kind === "evm" && (
        <div className="flex gap-2 text-xs text-muted-foreground">
          <Info className="mt-px size-3.5 shrink-0" aria-hidden />
          <div className="grid gap-0.5">
            <p className="font-medium text-foreground" data-testid="deposit-confirmations">
              {t("Credited after {{count}} confirmations", { count: deposit.confirmations })}
            </p>
            <p>{t("Transfers to this address are found on chain: there is nothing to submit.")}</p>
          </div>
        </div>
      )}
    </section>
  );
}
