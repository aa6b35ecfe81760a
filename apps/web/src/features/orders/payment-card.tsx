import { Landmark, ShieldAlert } from "lucide-react";
import { useTranslation } from "@/i18n/use-translation";
import type { Order } from "@p2p/shared";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { CopyButton } from "@/ui/copy-button";
import { showNaira } from "@/i18n/format";
import { nairaForBankApp } from "./format";
import { isClosed } from "./queries";
import type { Viewer } from "./viewer";

/**
 * Where the naira goes. The buyer sees the seller's account once the order is matched (not before:
 * paying an order nobody accepted is how people lose money); the seller sees their own payout account.
 */
export function PaymentCard({ order, viewer }: { order: Order; viewer: Viewer }) {
  const { t } = useTranslation();
  const details = order.payment_details;
  if (!order.my_side || isClosed(order.status)) return null;
  const accepted = order.accepted_at !== null;
  const amount = showNaira(order.naira_amount);

  if (viewer.side === "buy" && !accepted) {
    return (
      <Card>
        <CardContent className="flex gap-3 p-5">
          <Landmark className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
          <div>
            <p className="font-medium">{t("Payment details come next")}</p>
            <p className="mt-1 text-sm text-muted-foreground">
              {t("Once the merchant accepts, the account to pay {{amount}} into appears here. Don't send any money before that.", { amount })}
            </p>
          </div>
        </CardContent>
      </Card>
    );
  }
  // The seller's own account matters once someone is about to pay into it.
  if (!details || !accepted) return null;

  const buyer = viewer.side === "buy";
  // Before "I have paid" the buyer is about to pay; after it, this is the record of where they paid.
  const toPay = buyer && order.paid_at === null;
  return (
    <Card className={toPay ? "border-primary/40" : undefined}>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <Landmark className="size-4 text-primary" aria-hidden />
          {toPay ? t("Pay into this account") : buyer ? t("The seller's account") : t("Your payout account")}
        </CardTitle>
        <CardDescription>
          {toPay
            ? t("Transfer the exact amount in one payment from a bank account in your own name.")
            : buyer
              ? t("You marked {{amount}} as sent to this account.", { amount })
              : t("The buyer pays {{amount}} into this account. Confirm only when you see it in your bank app.", { amount })}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="divide-y rounded-lg border">
          <DetailRow
            label={toPay ? t("Amount to pay") : buyer ? t("Amount sent") : t("Amount due")}
            value={amount}
            copy={nairaForBankApp(order.naira_amount)}
            copyLabel={t("amount")}
            strong
          />
          <DetailRow label={t("Bank")} value={details.bank_name} />
          <DetailRow label={t("Account number")} value={details.account_number} copy={details.account_number} copyLabel={t("account number")} mono />
          <DetailRow label={t("Account name")} value={details.account_name} copy={details.account_name} copyLabel={t("account name")} />
        </dl>
        {toPay && (
          <p className="flex gap-2 rounded-lg bg-amber-500/10 p-3 text-sm text-amber-800 dark:text-amber-200">
            <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              {t("Pay only to the account shown here, never to one sent in chat or by phone. Keep your transfer receipt until the trade completes.")}
            </span>
          </p>
        )}
      </CardContent>
    </Card>
  );
}

type DetailRowProps = { label: string; value: string; copy?: string; copyLabel?: string; strong?: boolean; mono?: boolean };

function DetailRow({ label, value, copy, copyLabel, strong, mono }: DetailRowProps) {
  return (
    <div className="flex items-center justify-between gap-3 px-3 py-2.5">
      <div className="min-w-0">
        <dt className="text-xs text-muted-foreground">{label}</dt>
        <dd
          className={[
            "break-words",
            strong ? "text-lg font-bold tabular" : "text-sm font-medium",
            mono ? "font-mono text-base tracking-wider" : "",
          ].join(" ")}
        >
          {value}
        </dd>
      </div>
      {copy && copyLabel && <CopyButton value={copy} label={copyLabel} />}
    </div>
  );
}
