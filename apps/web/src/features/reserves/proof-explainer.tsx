import { useTranslation } from "@/i18n/use-translation";

/** What a proof of liabilities proves, and what it does not, in two sentences (the status page and the wallet's check). */
export function ProofExplainer() {
  const { t } = useTranslation();
  return (
    <p className="text-sm text-muted-foreground">
      {t(
        "Each user's balance is a leaf of a Merkle-sum tree whose root and total we publish, so you can check that your exact balance is counted in that total and that no negative entry offsets it.",
      )}{" "}
      {t("It does not show that we hold the coins to cover the total, and it catches a missing or reduced balance only when its owner checks.")}
    </p>
  );
}
