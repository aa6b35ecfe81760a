import { useState } from "react";
import { Loader2, Star } from "lucide-react";
import { toast } from "sonner";
import type { Order } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { useRateOrderMutation } from "./mutations";

const STARS = [1, 2, 3, 4, 5] as const;
const STAR_WORDS = ["", "Poor", "Fair", "Good", "Very good", "Excellent"];

/** After completion, each party rates the other 1 to 5 stars, once. */
export function RatingCard({ order, counterpartyName }: { order: Order; counterpartyName: string }) {
  const [stars, setStars] = useState(0);
  const [hover, setHover] = useState(0);
  const rate = useRateOrderMutation();
  if (!order.can_rate && order.my_rating === null) return null;

  if (order.my_rating !== null) {
    return (
      <Card>
        <CardContent className="flex items-center justify-between gap-3 p-5">
          <p className="text-sm">You rated {counterpartyName}</p>
          <StarRow value={order.my_rating} label={`${order.my_rating} out of 5 stars`} />
        </CardContent>
      </Card>
    );
  }

  const submit = () =>
    rate.mutate(
      { orderId: order.id, stars },
      {
        onSuccess: () => toast.success("Thanks for your rating", { description: "It counts towards their reputation score." }),
        onError: (err) => toast.error("Rating not saved", { description: err.message }),
      },
    );

  const shown = hover || stars;
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Rate {counterpartyName}</CardTitle>
        <CardDescription>How did the trade go? You can rate once; it updates their reputation score.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <div role="radiogroup" aria-label="Stars" className="flex" onMouseLeave={() => setHover(0)}>
            {STARS.map((n) => (
              <button
                key={n}
                type="button"
                role="radio"
                aria-checked={stars === n}
                aria-label={`${n} ${n === 1 ? "star" : "stars"}`}
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
          <span className="w-20 text-sm text-muted-foreground">{STAR_WORDS[shown]}</span>
        </div>
        <Button onClick={submit} disabled={stars === 0 || rate.isPending}>
          {rate.isPending && <Loader2 className="animate-spin" />}
          Submit rating
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
