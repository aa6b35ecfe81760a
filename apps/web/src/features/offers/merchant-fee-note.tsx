import { BadgePercent } from "lucide-react";
import { useTranslation } from "@/i18n/use-translation";
import { showDate, showFeeRate } from "@/i18n/format";
import { useFeeFreeUntil } from "./queries";

/**
 * What the merchant pays on this coin before they publish: the coin's fee rate, and while their
 * first 30 days last, that orders placed until then are free.
 */
export function MerchantFeeNote({ coin, feeBps }: { coin: string; feeBps: number | undefined }) {
  const { t } = useTranslation();
  const freeUntil = useFeeFreeUntil().data;
  if (feeBps === undefined) return null;
  const free = freeUntil !== null && freeUntil !== undefined && Date.parse(freeUntil) > Date.now();
  const rate = showFeeRate(feeBps);

  return (
    <div className="flex gap-3 rounded-lg border bg-muted/40 p-3 text-sm">
      <BadgePercent className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
      <div className="grid gap-1">
        <p className="font-semibold">
          {free ? t("Your fee: 0% until {{date}}", { date: showDate(freeUntil) }) : t("Your fee: {{rate}} of each completed order", { rate })}
        </p>
        <p className="text-xs text-muted-foreground">
          {free
            ? t("Orders placed in your first 30 days as a merchant are free. After that, you pay {{rate}} of each completed order's {{coin}}.", {
                rate,
                coin,
              })
            : t(
                "Paid in {{coin}} when an order completes: when you sell, it is locked with the order's coins; when you buy, it comes out of the coins you receive.",
                { coin },
              )}
        </p>
      </div>
    </div>
  );
}
