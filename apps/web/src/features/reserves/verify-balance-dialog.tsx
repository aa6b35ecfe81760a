import { useEffect } from "react";
import { useTranslation } from "@/i18n/use-translation";
import { CircleCheck, CircleX, Loader2 } from "lucide-react";
import { verifyLiabilityProof, type LiabilityProofAnswer, type LiabilityRoot } from "@p2p/shared";
import { showCoin, showCount, showDateTime } from "@/i18n/format";
import { translateServerText } from "@/i18n/server-text";
import { CopyButton } from "@/ui/copy-button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/ui/dialog";
import { ProofExplainer } from "./proof-explainer";
import { useLiabilityProof, useLiabilityRoots } from "./queries";

/**
 * "Verify my balance": reads the caller's leaf and path, and the root published on /status, and
 * recomputes the root in the browser with the same code the server built it with
 * (packages/shared liabilities/merkle-sum.ts). Nothing the server says about the result is trusted.
 */
export function VerifyBalanceDialog({ coin, open, onOpenChange }: { coin: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const proof = useLiabilityProof(coin, open);
  const roots = useLiabilityRoots();
  const published = roots.data?.roots.find((r) => r.coin === coin);
  const shown = proof.data?.proof.snapshot_id;
  // A snapshot published since either was read: read both again, so the proof is checked against its own root.
  const mismatch = shown !== undefined && published !== undefined && published.snapshot_id !== shown;
  const { refetch: refetchProof } = proof;
  const { refetch: refetchRoots } = roots;
  useEffect(() => {
    if (mismatch) void Promise.all([refetchProof(), refetchRoots()]);
  }, [mismatch, refetchProof, refetchRoots]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t("Verify my {{coin}} balance", { coin })}</DialogTitle>
          <DialogDescription asChild>
            <div>
              <ProofExplainer />
            </div>
          </DialogDescription>
        </DialogHeader>
        {proof.isPending || roots.isPending || mismatch ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Loader2 className="size-4 animate-spin" aria-hidden />
            {t("Checking your balance…")}
          </p>
        ) : proof.isError ? (
          <p className="text-sm" role="alert">
            {translateServerText(proof.error.message)}
          </p>
        ) : roots.isError ? (
          <p className="text-sm" role="alert">
            {translateServerText(roots.error.message)}
          </p>
        ) : (
          <Outcome proof={proof.data.proof} published={published} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function Outcome({ proof, published }: { proof: LiabilityProofAnswer; published: LiabilityRoot | undefined }) {
  const { t } = useTranslation();
  const check = published ? verifyLiabilityProof(proof, published) : { ok: false as const };
  return (
    <div className="grid gap-3">
      {check.ok ? (
        <p role="status" className="flex items-start gap-2 rounded-lg border border-success/40 bg-success/10 p-3 text-sm font-medium">
          <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
          {t("Your balance of {{amount}} {{coin}} is included in the published total", { amount: showCoin(proof.balance), coin: proof.coin })}
        </p>
      ) : (
        <p role="alert" className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium">
          <CircleX className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
          {t("This proof does not lead to the published total. Please tell support through live chat.")}
        </p>
      )}
      <dl className="grid gap-1.5 text-xs">
        <Row label={t("Proof taken")} value={showDateTime(proof.created_at)} />
        <Row label={t("Your balance then")} value={`${showCoin(proof.balance)} ${proof.coin}`} />
        {published && <Row label={t("Published total")} value={`${showCoin(published.total)} ${published.coin}`} />}
        {published && <Row label={t("Balances in the tree")} value={showCount(published.leaf_count)} />}
        <Row label={t("Steps to the root")} value={showCount(proof.path.length)} />
      </dl>
      {published && (
        <div className="flex min-w-0 items-center gap-1">
          <code className="min-w-0 flex-1 truncate rounded bg-muted px-1.5 py-0.5 font-mono text-xs" title={published.root_hash}>
            {published.root_hash}
          </code>
          <CopyButton value={published.root_hash} label={t("root hash")} variant="ghost" className="size-8 shrink-0 text-muted-foreground" />
        </div>
      )}
      <p className="text-xs text-muted-foreground">{t("Your balance today may differ: a new proof is published every day.")}</p>
    </div>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-all text-end tabular">{value}</dd>
    </div>
  );
}
