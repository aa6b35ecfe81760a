import { useTranslation } from "@/i18n/use-translation";
import { Button } from "@/ui/button";
import { showNaira } from "@/i18n/format";

/** The terms the server answered OFFER_CHANGED with: what the offer says now. */
export type OfferTerms = { price: string; offer_version: number; min_order: string; max_order: string };

/** OFFER_CHANGED's fields (strings over the wire) as terms, or null when they are not all there. */
export function changedTerms(fields: Record<string, string> | undefined): OfferTerms | null {
  if (!fields?.price || !fields.offer_version || !fields.min_order || !fields.max_order) return null;
  return { price: fields.price, offer_version: Number(fields.offer_version), min_order: fields.min_order, max_order: fields.max_order };
}

type Props = { seenPrice: string; terms: OfferTerms; pending: boolean; onContinue: () => void; onCancel: () => void };

/**
 * Asked in place of the order button when the merchant changed the offer after the trader saw it:
 * Continue places the order on the new terms, Cancel changes nothing.
 */
export function OfferChangedPrompt({ seenPrice, terms, pending, onContinue, onCancel }: Props) {
  const { t } = useTranslation();
  const priceChanged = seenPrice !== terms.price;
  return (
    <div className="grid gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3">
      <p role="alert" className="text-sm font-medium">
        {priceChanged
          ? t("The price changed to {{price}}. Continue?", { price: showNaira(terms.price) })
          : t("The merchant updated this offer. Continue?")}
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" className="h-11 sm:h-10" onClick={onCancel}>
          {t("Cancel")}
        </Button>
        <Button type="button" className="h-11 sm:h-10" disabled={pending} onClick={onContinue}>
          {t("Continue")}
        </Button>
      </div>
    </div>
  );
}
