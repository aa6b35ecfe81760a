import { useTranslation } from "@/i18n/use-translation";
import { ShieldCheck } from "lucide-react";
import { showCoin, showCount, showRelative } from "@/i18n/format";
import { CoinLogo } from "@/ui/coin-logo";
import { CopyButton } from "@/ui/copy-button";
import { Skeleton } from "@/ui/skeleton";
import { ProofExplainer } from "./proof-explainer";
import { useLiabilityRoots } from "./queries";

/** /status: the latest proof-of-liabilities root of each coin, which anyone can copy and each user checks from their wallet. */
export function LiabilityRootsBlock() {
  const { t } = useTranslation();
  const roots = useLiabilityRoots();
  return (
    <section className="rounded-xl border bg-card" aria-labelledby="liabilities-title">
      <div className="flex items-center gap-3 border-b px-5 py-4">
        <ShieldCheck className="size-5 shrink-0 text-primary" aria-hidden />
        <h2 id="liabilities-title" className="font-semibold">
          {t("Proof of liabilities")}
        </h2>
      </div>
      <div className="grid gap-4 px-5 py-4">
        <ProofExplainer />
        {roots.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : roots.isError ? (
          <p className="text-sm text-muted-foreground">{t("The published totals could not be loaded.")}</p>
        ) : roots.data.roots.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("No proof of liabilities has been published yet.")}</p>
        ) : (
          <ul className="divide-y rounded-lg border">
            {roots.data.roots.map((root) => (
              <li key={root.coin} className="grid gap-1 px-3 py-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)] sm:items-center sm:gap-4">
                <div className="flex min-w-0 items-center gap-3">
                  <CoinLogo coin={root.coin} className="size-8" />
                  <div className="min-w-0">
                    <p className="truncate text-sm font-semibold tabular">
                      {showCoin(root.total)} {root.coin}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {t("Balances: {{number}}", { number: showCount(root.leaf_count) })} · {showRelative(root.created_at)}
                    </p>
                  </div>
                </div>
                <div className="flex min-w-0 items-center gap-1">
                  <code className="min-w-0 flex-1 truncate rounded bg-muted px-1.5 py-0.5 font-mono text-xs" title={root.root_hash}>
                    {root.root_hash}
                  </code>
                  <CopyButton value={root.root_hash} label={t("root hash")} variant="ghost" className="size-8 shrink-0 text-muted-foreground" />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
