import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Coins, Pencil } from "lucide-react";
import { msg, updateCoinRequest, type AdminCoin } from "@p2p/shared";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { CoinLogo } from "@/ui/coin-logo";
import { Switch } from "@/ui/switch";
import { showCount } from "@/i18n/format";
import { ActionDialog } from "../components/action-dialog";
import { CopyValue } from "../components/copy-value";
import { QueueEmpty, QueueError, QueueSkeleton } from "../components/queue-states";
import { SectionHeader } from "../components/section-header";
import { useUpdateCoinMutation } from "../mutations";
import { useAdminCoins } from "../queries";

type Pending = { kind: "listing" | "address"; coin: AdminCoin } | null;

/** The server's own check of an address; the answer is a translation key. */
function checkAddress(value: string): string | null {
  const parsed = updateCoinRequest.safeParse({ deposit_address: value });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? msg("Enter the full deposit address"));
}

/** The coin catalogue: which coins trade, and the platform's deposit address for each. */
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
                <div className="order-last col-span-2 flex min-w-0 items-center gap-2 md:order-none md:col-span-1">
                  <div className="grid min-w-0 gap-0.5">
                    <span className="text-xs text-muted-foreground">{t("Deposit address")}</span>
                    {c.deposit_address ? (
                      <CopyValue value={c.deposit_address} label={t("{{coin}} deposit address", { coin: c.symbol })} />
                    ) : (
                      <span className="text-sm text-muted-foreground">{t("Not set: deposits are closed")}</span>
                    )}
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-10 shrink-0 sm:size-8"
                    aria-label={t("Edit the {{coin}} deposit address", { coin: c.symbol })}
                    onClick={() => setAction({ kind: "address", coin: c })}
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
        open={action?.kind === "address"}
        onOpenChange={(open) => !open && setAction(null)}
        title={t("{{coin}} deposit address", { coin: coin?.symbol })}
        description={t(
          "Users send deposits of this coin to this address, shown on their wallet page. Check it twice: coins sent to a wrong address are lost.",
        )}
        field={{
          kind: "input",
          label: t("Address"),
          monospace: true,
          maxLength: 128,
          initialValue: coin?.deposit_address ?? "",
          validate: checkAddress,
        }}
        confirmLabel={t("Save address")}
        onConfirm={async (address) => {
          const target = action!.coin;
          await update.mutateAsync({ symbol: target.symbol, deposit_address: address });
          return { title: t("Deposit address saved"), description: t("{{coin}} deposits now go to the new address.", { coin: target.symbol }) };
        }}
      />
    </div>
  );
}
