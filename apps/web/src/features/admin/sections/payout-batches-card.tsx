import { useState } from "react";
import { useTranslation } from "@/i18n/use-translation";
import { toast } from "@/ui/toast";
import { Download, Layers, Loader2 } from "lucide-react";
import { Button } from "@/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/ui/card";
import { NativeSelect } from "@/ui/select";
import { apiDownload } from "@/lib/api";
import { useIntentKey } from "@/lib/idempotency";
import { translateServerText } from "@/i18n/server-text";
import { useNetworks } from "@/features/wallet/network-queries";
import { showCoin, showDateTime } from "@/i18n/format";
import { useCreatePayoutBatchMutation } from "../mutations";
import { usePayoutBatches } from "../queries";

/**
 * Approved withdrawals of one network go to the external signer together: create a batch, then
 * download it (JSON or CSV: id, network, address, amount). No key to spend lives on this server.
 */
export function PayoutBatchesCard() {
  const { t } = useTranslation();
  const networks = (useNetworks().data ?? []).filter((n) => n.withdrawals_enabled);
  const batches = usePayoutBatches();
  const create = useCreatePayoutBatchMutation();
  const attempt = useIntentKey();
  const [chosen, setChosen] = useState("");
  const [coin, network] = chosen.split("/") as [string, string | undefined];

  const onCreate = () => {
    if (!network) return;
    create.mutate(
      { coin, network, idempotencyKey: attempt.keyFor({ coin, network }) },
      {
        onSuccess: ({ batch }) => {
          attempt.answered();
          toast.success(t("Payout batch created"), {
            description: t("{{items}} withdrawals, {{total}} {{coin}} to send.", {
              items: batch.item_count,
              total: showCoin(batch.total),
              coin,
            }),
          });
        },
        onError: (err) => {
          attempt.answered(err);
          toast.error(t("Could not create the payout batch"), { description: translateServerText(err.message) });
        },
      },
    );
  };
  const download = (id: string, format: "json" | "csv") =>
    apiDownload(`/api/admin/payout-batches/${id}/items.${format}`, `payout-batch-${id}.${format}`).catch((err: Error) =>
      toast.error(t("Could not download the batch"), { description: translateServerText(err.message) }),
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Layers className="size-4" aria-hidden />
          {t("Payout batches")}
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          {t("A batch takes a network's approved withdrawals for the external signer. Batched withdrawals can no longer be rejected.")}
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-col gap-2 sm:flex-row">
          <label htmlFor="payout-network" className="sr-only">
            {t("Network")}
          </label>
          <NativeSelect id="payout-network" value={chosen} onChange={(e) => setChosen(e.target.value)} className="min-w-0 sm:flex-1">
            <option value="" disabled>
              {t("Choose a network")}
            </option>
            {networks.map((n) => (
              <option key={`${n.coin}/${n.code}`} value={`${n.coin}/${n.code}`}>
                {n.coin} · {n.name}
              </option>
            ))}
          </NativeSelect>
          <Button onClick={onCreate} disabled={!network || create.isPending} className="h-11 sm:h-9">
            {create.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Layers aria-hidden />}
            {t("Create payout batch")}
          </Button>
        </div>
        {batches.data && batches.data.length > 0 && (
          <ul className="divide-y rounded-lg border" aria-label={t("Payout batches")}>
            {batches.data.map((batch) => (
              <li key={batch.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 text-sm">
                <div className="min-w-0 flex-1">
                  <p className="font-medium">
                    {batch.coin} · {batch.network} · {showCoin(batch.total)} {batch.coin}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {t("{{items}} withdrawals, {{unpaid}} waiting for a hash", { items: batch.item_count, unpaid: batch.unpaid })} ·{" "}
                    {showDateTime(batch.created_at)}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button size="sm" variant="outline" className="h-9" onClick={() => void download(batch.id, "json")}>
                    <Download aria-hidden />
                    {t("Download JSON")}
                  </Button>
                  <Button size="sm" variant="outline" className="h-9" onClick={() => void download(batch.id, "csv")}>
                    <Download aria-hidden />
                    {t("Download CSV")}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
