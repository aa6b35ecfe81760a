import { lazy, Suspense, useState } from "react";
import { useTranslation } from "@/i18n/use-translation";
import { ArrowDownToLine, ArrowUpFromLine, RotateCw, ShieldCheck, Wallet } from "lucide-react";
import { nairaForCoins, parseCoin, parseNaira, type WalletBalance } from "@p2p/shared";
import { Button } from "@/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/ui/card";
import { EmptyState } from "@/ui/empty-state";
import { Skeleton } from "@/ui/skeleton";
import { MountOnceOpened } from "@/ui/mount-once-opened";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/ui/tabs";
import { showNairaUnits } from "@/i18n/format";
import { translateServerText } from "@/i18n/server-text";
import { useCoins } from "@/features/coins/queries";
import { BalanceCard } from "./balance-card";
import { LedgerList } from "./ledger-list";
import { useWallet } from "./queries";

// The deposit, withdrawal and proof dialogs (react-hook-form, zod) load when first opened, not with the wallet.
const DepositDialog = lazy(() => import("./deposit-dialog").then((m) => ({ default: m.DepositDialog })));
const WithdrawDialog = lazy(() => import("./withdraw-dialog").then((m) => ({ default: m.WithdrawDialog })));
const VerifyBalanceDialog = lazy(() => import("@/features/reserves/verify-balance-dialog").then((m) => ({ default: m.VerifyBalanceDialog })));

// The Deposits and Withdrawals tabs load when first chosen (pointing at a tab starts the download); History shows first.
const loadRequestLists = () => import("./requests-lists");
const DepositsList = lazy(() => loadRequestLists().then((m) => ({ default: m.DepositsList })));
const WithdrawalsList = lazy(() => loadRequestLists().then((m) => ({ default: m.WithdrawalsList })));

type Open = { kind: "deposit" | "withdraw"; coin: string } | null;
type Tab = "history" | "deposits" | "withdrawals";

/** /wallet: balances per coin, the ledger history, deposits and withdrawals. */
export default function WalletPage() {
  const { t } = useTranslation();
  const wallet = useWallet();
  const [open, setOpen] = useState<Open>(null);
  const [tab, setTab] = useState<Tab>("history");
  const [verifying, setVerifying] = useState<string | null>(null);
  const balances = wallet.data ?? [];
  const firstCoin = balances[0]?.coin ?? "";
  const openDialog = (kind: "deposit" | "withdraw", coin = firstCoin) => setOpen({ kind, coin });

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("Wallet")}</h1>
          <p className="text-sm text-muted-foreground sm:text-base">
            {t("Your coins on NaijaP2P: what you can trade, what is locked in escrow, and what is on its way out.")}
          </p>
        </div>
        {balances.length > 0 && (
          <div className="grid grid-cols-2 gap-2 sm:flex">
            <Button className="h-11 min-w-0 sm:h-10" onClick={() => openDialog("deposit")}>
              <ArrowDownToLine />
              <span className="truncate">{t("Deposit")}</span>
            </Button>
            <Button className="h-11 min-w-0 sm:h-10" variant="outline" onClick={() => openDialog("withdraw")}>
              <ArrowUpFromLine />
              <span className="truncate">{t("Withdraw")}</span>
            </Button>
          </div>
        )}
      </header>

      {wallet.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy aria-label={t("Loading balances")}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-48 rounded-xl" />
          ))}
        </div>
      ) : wallet.isError ? (
        <Card>
          <EmptyState
            role="alert"
            icon={<Wallet />}
            title={t("We couldn't load your wallet")}
            description={translateServerText(wallet.error.message)}
            action={
              <Button variant="outline" size="sm" onClick={() => wallet.refetch()} disabled={wallet.isFetching}>
                <RotateCw className={wallet.isFetching ? "animate-spin" : undefined} />
                {t("Try again")}
              </Button>
            }
          />
        </Card>
      ) : balances.length === 0 ? (
        <Card>
          <EmptyState
            icon={<Wallet />}
            title={t("No coins are listed yet")}
            description={t("Your balances appear here once coins are listed for trading.")}
          />
        </Card>
      ) : (
        <>
          <EstimatedValue balances={balances} />
          <section aria-label={t("Balances")} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {balances.map((b) => (
              <BalanceCard
                key={b.coin}
                balance={b}
                onDeposit={() => openDialog("deposit", b.coin)}
                onWithdraw={() => openDialog("withdraw", b.coin)}
                onVerify={() => setVerifying(b.coin)}
              />
            ))}
          </section>

          <Card>
            <CardHeader className="pb-3">
              <CardTitle className="text-base">{t("Activity")}</CardTitle>
            </CardHeader>
            <CardContent>
              <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
                <TabsList className="h-auto w-full sm:w-auto">
                  <TabsTrigger value="history" className="min-h-9 min-w-0 whitespace-normal">
                    {t("History")}
                  </TabsTrigger>
                  <TabsTrigger value="deposits" className="min-h-9 min-w-0 whitespace-normal" onPointerEnter={() => void loadRequestLists()}>
                    {t("Deposits")}
                  </TabsTrigger>
                  <TabsTrigger value="withdrawals" className="min-h-9 min-w-0 whitespace-normal" onPointerEnter={() => void loadRequestLists()}>
                    {t("Withdrawals")}
                  </TabsTrigger>
                </TabsList>
                <TabsContent value="history">
                  <LedgerList balances={balances} />
                </TabsContent>
                <TabsContent value="deposits">
                  <Suspense fallback={<Skeleton className="h-24 w-full" />}>
                    <DepositsList onDeposit={() => openDialog("deposit")} />
                  </Suspense>
                </TabsContent>
                <TabsContent value="withdrawals">
                  <Suspense fallback={<Skeleton className="h-24 w-full" />}>
                    <WithdrawalsList onWithdraw={() => openDialog("withdraw")} />
                  </Suspense>
                </TabsContent>
              </Tabs>
            </CardContent>
          </Card>

          <MountOnceOpened opened={open?.kind === "deposit"}>
            <DepositDialog
              open={open?.kind === "deposit"}
              onOpenChange={(next) => !next && setOpen(null)}
              balances={balances}
              coin={open?.kind === "deposit" ? open.coin : firstCoin}
              onCoinChange={(coin) => setOpen({ kind: "deposit", coin })}
              onSubmitted={() => setTab("deposits")}
            />
          </MountOnceOpened>
          <MountOnceOpened opened={open?.kind === "withdraw"}>
            <WithdrawDialog
              open={open?.kind === "withdraw"}
              onOpenChange={(next) => !next && setOpen(null)}
              balances={balances}
              coin={open?.kind === "withdraw" ? open.coin : firstCoin}
              onCoinChange={(coin) => setOpen({ kind: "withdraw", coin })}
              onSubmitted={() => setTab("withdrawals")}
            />
          </MountOnceOpened>
          <MountOnceOpened opened={verifying !== null}>
            <VerifyBalanceDialog coin={verifying ?? firstCoin} open={verifying !== null} onOpenChange={(next) => !next && setVerifying(null)} />
          </MountOnceOpened>
        </>
      )}
    </div>
  );
}

/** All holdings valued at the best price a merchant buys each coin now: what selling would bring. */
function EstimatedValue({ balances }: { balances: WalletBalance[] }) {
  const { t } = useTranslation();
  const coins = useCoins();
  let kobo = 0n;
  let unpriced = 0;
  for (const b of balances) {
    const units = parseCoin(b.available) + parseCoin(b.in_escrow) + parseCoin(b.withdrawing);
    if (units === 0n) continue;
    const bid = coins.data?.find((c) => c.symbol === b.coin)?.best_sell_price;
    if (bid) kobo += nairaForCoins(units, parseNaira(bid));
    else unpriced += 1;
  }

  return (
    <Card className="flex flex-col gap-3 bg-gradient-to-br from-primary/10 via-card to-card p-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid gap-1">
        <p className="text-sm text-muted-foreground">{t("Estimated value")}</p>
        {coins.isPending ? (
          <Skeleton className="h-9 w-40" />
        ) : (
          <p className="break-all text-2xl font-bold tracking-tight tabular sm:text-3xl">≈ {showNairaUnits(kobo)}</p>
        )}
        <p className="text-xs text-muted-foreground">
          {unpriced > 0
            ? t("At the best price merchants pay right now; {{count}} coins have no buyer online.", { count: unpriced })
            : t("At the best price merchants pay right now.")}
        </p>
      </div>
      <p className="flex max-w-xs items-start gap-2 text-xs text-muted-foreground">
        <ShieldCheck className="size-4 shrink-0 text-primary" aria-hidden />
        {t("Coins you sell are held in escrow until you confirm the naira arrived.")}
      </p>
    </Card>
  );
}
