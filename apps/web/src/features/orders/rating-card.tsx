import { useRef, useState } from "react";
import { Loader2, Star } from "lucide-react";
import { toast } from "@/ui/toast";
import { useTranslation } from "@/i18n/use-translation";
import { msg, type Order } from "@p2p/shared";
import { translateServerText } from "@/i18n/server-text";
import { cn } from "@/lib/cn";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { useRateOrderMutation } from "./mutations";

const STARS = [1, 2, 3, 4, 5] as const;
const STAR_WORDS = ["", msg("Poor"), msg("Fair"), msg("Good"), msg("Very good"), msg("Excellent")];

/** After completion, each party rates the other 1 to 5 stars, once (shown by the order page while `can_rate`, or once rated). */
export function RatingCard({ order, counterpartyName }: { order: Order; counterpartyName: string }) {
  const { t } = useTranslation();
  const [stars, setStars] = useState(0);
  const [hover, setHover] = useState(0);
  const rate = useRateOrderMutation();
  // A double tap sends once: isPending only shows on the next render, and a second mutate() would
  // drop the first one's success toast for the second one's "already rated" error.
  const sending = useRef(false);

  if (order.my_rating !== null) {
    return (
      <Card>
        <CardContent className="flex items-center justify-between gap-3 p-5">
          <p className="text-sm">{t("You rated {{name}}", { name: counterpartyName })}</p>
          <StarRow value={order.my_rating} label={t("{{stars}} out of 5 stars", { stars: order.my_rating })} />
        </CardContent>
      </Card>
    );
  }

  const submit = () => {
    if (sending.current) return;
    sending.current = true;
    rate.mutate(
      { orderId: order.id, stars },
      {
        onSuccess: () => toast.success(t("Thanks for your rating"), { description: t("It counts towards their reputation score.") }),
        onError: (err) => toast.error(t("Rating not saved"), { description: translateServerText(err.message) }),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  const shown = hover || stars;
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{t("Rate {{name}}", { name: counterpartyName })}</CardTitle>
        <CardDescription>{t("How did the trade go? You can rate once; it updates their reputation score.")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <div role="radiogroup" aria-label={t("Stars")} className="flex" onMouseLeave={() => setHover(0)}>
            {STARS.map((n) => (
              <button
                key={n}
                type="button"
                role="radio"
                aria-checked={stars === n}
                aria-label={t("{{count}} stars", { count: n })}
                onClick={() => setStars(n)}
                onMouseEnter={() => setHover(n)}
                className="rounded-md p-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <Star
                  className={cn("size-8 transition-colors", n <= shown ? "fill-amber-400 text-amber-400" : "text-muted-foreground/40")}
                  aria-hidden
                />
              </button>
            ))}
          </div>
          <span className="min-w-20 text-sm text-muted-foreground">{shown > 0 && t(STAR_WORDS[shown]!)}</span>
        </div>
        <Button onClick={submit} disabled={stars === 0 || rate.isPending}>
          {rate.isPending && <Loader2 className="animate-spin" />}
          {t("Submit rating")}
        </Button>
      </CardContent>
    </Card>
  );
}

function StarRow({ value, label }: { value: number; label: string }) {
  return (
    <span className="flex" role="img" aria-label={label}>
      {STARS.map((n) => (
        <Star key={n} className={cn("size-5", n <= value ? "fill-amber-400 text-amber-400" : "text-muted-foreground/40")} aria-hidden />
      ))}
    </span>
  );
}
