import { useState } from "react";
import { useTranslation } from "@/i18n/use-translation";
import { Coins, Pencil } from "lucide-react";
import { formatUnits, msg, parseUnits, updateCoinRequest, type AdminCoin } from "@p2p/shared";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { CoinLogo } from "@/ui/coin-logo";
import { Switch } from "@/ui/switch";
import { showCoin, showCount, showFeeRate } from "@/i18n/format";
import { ActionDialog } from "../components/action-dialog";
import { QueueEmpty, QueueError, QueueSkeleton } from "../components/queue-states";
import { SectionHeader } from "../components/section-header";
import { useUpdateCoinMutation } from "../mutations";
import { useAdminCoins } from "../queries";

type Pending = { kind: "listing" | "fee"; coin: AdminCoin } | null;

const FEE_FORMAT = msg("Enter the fee as a percentage with at most 2 decimals, e.g. 0.5");

/** A fee typed as a percentage ("0.5") in basis points (50), with no float; null when it is not a number with up to 2 decimals. */
function percentToBps(percent: string): number | null {
  try {
    return Number(parseUnits(percent.replace(/%$/, "").trim(), 2));
  } catch {
    return null;
  }
}

/** The server's own check of a fee rate, on the percentage typed; the answer is a translation key. */
function checkFee(value: string): string | null {
  const bps = percentToBps(value);
  if (bps === null) return FEE_FORMAT;
  const parsed = updateCoinRequest.safeParse({ fee_bps: bps });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? FEE_FORMAT);
}

/** The coin catalogue: which coins trade and the merchants' fee (addresses are per network, in Networks). */
export default function CoinsSection() {
  const { t } = useTranslation();
  const coins = useAdminCoins();
  const [action, setAction] = useState<Pending>(null);
  const update = useUpdateCoinMutation();
  const listedCount = coins.data?.coins.filter((c) => c.listed).length ?? 0;
  const coin = action?.coin;
  const listing = coin && !coin.listed;

  return (
    <div className="flex flex-col gap-4">
      <SectionHeader
        title={t("Coins")}
        description={
          coins.data
            ? t("{{listed}} of {{total}} coins are listed. Only listed coins can be traded, quoted or deposited.", {
                listed: showCount(listedCount),
                total: showCount(coins.data.coins.length),
              })
            : t("Which coins trade, and where users send deposits.")
        }
        onRefresh={() => coins.refetch()}
        refreshing={coins.isFetching}
      />

      {coins.isPending ? (
        <QueueSkeleton rows={5} />
      ) : coins.isError ? (
        <QueueError title={t("We couldn't load coins")} message={coins.error.message} onRetry={() => coins.refetch()} />
      ) : coins.data.coins.length === 0 ? (
        <QueueEmpty icon={<Coins />} title={t("No coins")} description={t("The coin catalogue is created when the server starts.")} />
      ) : (
        <Card>
          <ul className="divide-y" aria-label={t("Coins")}>
            {coins.data.coins.map((c) => (
              <li
                key={c.symbol}
                className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-3 p-4 md:grid-cols-[minmax(0,16rem)_minmax(0,1fr)_auto] md:gap-x-6"
              >
                <div className="flex min-w-0 items-center gap-3">
                  <CoinLogo coin={c.symbol} className="size-10" />
                  <div className="min-w-0">
                    <p className="truncate font-semibold">{c.name}</p>
                    <p className="text-xs text-muted-foreground">{c.symbol}</p>
                  </div>
                </div>
                <div className="order-last col-span-2 flex min-w-0 items-center gap-2 md:col-span-3">
                  <div className="grid min-w-0 gap-0.5">
                    <span className="text-xs text-muted-foreground">{t("Merchant fee")}</span>
                    <span className="text-sm tabular">
                      <span className="font-semibold">{showFeeRate(c.fee_bps)}</span>
                      <span className="text-muted-foreground">
                        {" · "}
                        {t("Earned {{amount}} {{coin}}", { amount: showCoin(c.fee_income), coin: c.symbol })}
                      </span>
                    </span>
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-10 shrink-0 sm:size-8"
                    aria-label={t("Change the {{coin}} fee", { coin: c.symbol })}
                    onClick={() => setAction({ kind: "fee", coin: c })}
                  >
                    <Pencil aria-hidden />
                  </Button>
                </div>
                <label className="flex cursor-pointer items-center justify-end gap-3">
                  <Badge variant={c.listed ? "success" : "muted"} className="hidden sm:inline-flex">
                    {c.listed ? t("Listed") : t("Unlisted")}
                  </Badge>
                  <Switch
                    checked={c.listed}
                    aria-label={t("{{coin}} listed", { coin: c.symbol })}
                    onCheckedChange={() => setAction({ kind: "listing", coin: c })}
                  />
                </label>
              </li>
            ))}
          </ul>
        </Card>
      )}

      <ActionDialog
        open={action?.kind === "listing"}
        onOpenChange={(open) => !open && setAction(null)}
        title={listing ? t("List {{coin}}", { coin: coin?.symbol }) : t("Unlist {{coin}}", { coin: coin?.symbol })}
        description={
          listing
            ? t("{{name}} appears on the listed coins and price screens; merchants can quote it and users can trade and deposit it.", {
                name: coin?.name,
              })
            : t(
                "{{name}} leaves the listed coins and price screens. No new offers, orders or deposits; orders already open finish normally and users can still withdraw what they hold.",
                { name: coin?.name },
              )
        }
        tone={listing ? "default" : "destructive"}
        confirmLabel={listing ? t("List coin") : t("Unlist coin")}
        onConfirm={async () => {
          const target = action!.coin;
          await update.mutateAsync({ symbol: target.symbol, listed: !target.listed });
          return { title: target.listed ? t("{{coin}} unlisted", { coin: target.symbol }) : t("{{coin}} listed", { coin: target.symbol }) };
        }}
      />
      <ActionDialog
        open={action?.kind === "fee"}
        onOpenChange={(open) => !open && setAction(null)}
        title={t("{{coin}} merchant fee", { coin: coin?.symbol })}
        description={t(
          "Merchants pay this share of each completed order's coins. A change applies to orders placed from now on; orders already placed keep their fee. New merchants pay nothing for their first 30 days.",
        )}
        field={{
          kind: "input",
          label: t("Fee (%)"),
          maxLength: 6,
          initialValue: coin ? formatUnits(BigInt(coin.fee_bps), 2).replace(/\.?0+$/, "") : "",
          hint: t("From 0 to 10, up to 2 decimals: 0.5 is half a percent."),
          validate: checkFee,
        }}
        confirmLabel={t("Save fee")}
        onConfirm={async (percent) => {
          const target = action!.coin;
          const fee_bps = percentToBps(percent)!;
          await update.mutateAsync({ symbol: target.symbol, fee_bps });
          return {
            title: t("Fee saved"),
            description: t("{{coin}} orders placed from now on carry a {{rate}} merchant fee.", { coin: target.symbol, rate: showFeeRate(fee_bps) }),
          };
        }}
      />
    </div>
  );
}
