import { useTranslation } from "@/i18n/use-translation";
import { AlertOctagon, ExternalLink } from "lucide-react";
import type { AdminDeposit } from "@p2p/shared";
import { CopyValue } from "../components/copy-value";

/**
 * What an admin checks a deposit against the chain with: its network and how it arrived, the
 * sender and memo (manual), the confirmations (chain), the explorer link, and, loudest, a credited
 * deposit whose block left the chain.
 */
export function DepositFacts({ deposit }: { deposit: AdminDeposit }) {
  const { t } = useTranslation();
  return (
    <div className="grid min-w-0 gap-1 pt-1 text-xs">
      {deposit.reorged && (
        <p role="alert" className="flex items-start gap-1.5 rounded-md bg-destructive/10 px-2 py-1.5 font-semibold text-destructive">
          <AlertOctagon className="mt-px size-3.5 shrink-0" aria-hidden />
          <span>{t("Reorged: its block left the chain after it was credited. Check the chain; nothing was reversed.")}</span>
        </p>
      )}
      <p className="text-muted-foreground">
        {deposit.source === "chain"
          ? t("{{network}} · found on chain", { network: deposit.network })
          : t("{{network}} · filed by the user", { network: deposit.network })}
        {deposit.source === "chain" && deposit.confirmations_required !== null && (
          <>
            {" · "}
            <span className="font-medium text-foreground">
              {t("{{n}} of {{total}} confirmations", { n: deposit.confirmations, total: deposit.confirmations_required })}
            </span>
          </>
        )}
      </p>
      {deposit.sender_address && (
        <span className="flex min-w-0 items-center gap-1">
          <span className="shrink-0 text-muted-foreground">{t("From")}</span>
          <CopyValue value={deposit.sender_address} label={t("sender address")} />
        </span>
      )}
      {deposit.to_address && (
        <span className="flex min-w-0 items-center gap-1">
          <span className="shrink-0 text-muted-foreground">{t("To")}</span>
          <CopyValue value={deposit.to_address} label={t("deposit address")} />
        </span>
      )}
      {deposit.memo && (
        <span className="flex min-w-0 items-center gap-1">
          <span className="shrink-0 text-muted-foreground">{t("Memo")}</span>
          <CopyValue value={deposit.memo} label={t("memo")} />
        </span>
      )}
      {deposit.explorer_url && (
        <a
          href={deposit.explorer_url}
          target="_blank"
          rel="noreferrer noopener"
          className="inline-flex w-fit items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
        >
          {t("View on the explorer")}
          <ExternalLink className="size-3" aria-hidden />
        </a>
      )}
    </div>
  );
}
