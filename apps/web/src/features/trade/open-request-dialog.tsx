import { useState, type FormEvent } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { Loader2, Megaphone } from "lucide-react";
import { toast } from "@/ui/toast";
import { NAIRA_SCALE, nairaAmountSchema, parseCoin, type TradeSide, type WalletBalance } from "@p2p/shared";
import { applyServerFieldErrors, shownFieldError } from "@/lib/form-errors";
import { FormAmountInput } from "@/ui/form-amount-input";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { Field } from "@/ui/field";
import { showCoinUnits, showNaira } from "@/i18n/format";
import { translateServerText } from "@/i18n/server-text";
import { useIntentKey } from "@/lib/idempotency";
import { AmountEntry } from "./amount-entry";
import { amountField, computeAmounts, type AmountUnit } from "./amounts";
import { useCreateOpenRequestMutation } from "./mutations";
import { PayoutFields, type Payout } from "./payout-fields";
import { checkAmount, checkPayout } from "./validate";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  coin: string;
  side: TradeSide;
  /** The best live price for this side now; the request uses it unless a price is entered. */
  bestPrice: string | null;
  balance: WalletBalance | undefined;
  payout: Payout;
  onPayoutChange: (payout: Payout) => void;
};

type RequestForm = { price: string; amount: string; unit: AmountUnit };
const EMPTY_REQUEST: RequestForm = { price: "", amount: "", unit: "naira" };

/** Posts a request any online merchant may take on their marketplace; the first to accept gets it. */
export function OpenRequestDialog({ open, onOpenChange, coin, side, bestPrice, balance, payout, onPayoutChange }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The checks run live as the person types (below); the form holds the values and the server's refusals.
  const form = useForm<RequestForm>({ defaultValues: EMPTY_REQUEST });
  const [price, text, unit] = useWatch({ control: form.control, name: ["price", "amount", "unit"] });
  const { errors: serverErrors, isSubmitted: submitted } = form.formState;
  const [alert, setAlert] = useState<string | null>(null);
  const create = useCreateOpenRequestMutation();
  const attempt = useIntentKey();

  const selling = side === "sell";
  const available = balance ? parseCoin(balance.available) : 0n;
  const priceText = price.replace(/\.$/, "");
  const priceCheck = priceText ? nairaAmountSchema.safeParse(priceText) : null;
  const priceIssue = priceCheck && !priceCheck.success ? priceCheck.error.issues[0]?.message : undefined;
  const priceError =
    shownFieldError(serverErrors.price?.message) ??
    (priceIssue
      ? t(priceIssue)
      : !priceText && !bestPrice && submitted
        ? t("No merchant is trading {{coin}} right now: enter the price you want.", { coin })
        : undefined);
  const effectivePrice = priceText && priceCheck?.success ? priceText : bestPrice;
  const amounts = computeAmounts(text, unit, effectivePrice);
  const amountError =
    shownFieldError(serverErrors.amount?.message) ??
    (effectivePrice ? checkAmount(amounts, { coin, side, available: selling ? available : undefined, required: submitted }) : undefined);
  const payoutErrors = selling && submitted ? checkPayout(payout) : {};

  const close = () => {
    form.reset(EMPTY_REQUEST);
    setAlert(null);
    create.reset();
    onOpenChange(false);
  };

  const send = form.handleSubmit(() => {
    if (!effectivePrice || priceError) return;
    const amountProblem = checkAmount(amounts, { coin, side, available: selling ? available : undefined, required: true });
    const payoutProblems = selling ? checkPayout(payout) : {};
    if (amountProblem || Object.keys(payoutProblems).length > 0 || !amounts) return;

    const body = {
      coin,
      side,
      ...amountField(amounts, unit),
      ...(priceText ? { price: priceText } : {}),
      ...(selling
        ? { payout: { bank_name: payout.bank_name.trim(), account_number: payout.account_number, account_name: payout.account_name.trim() } }
        : {}),
    };
    create.mutate(
      { body, idempotencyKey: attempt.keyFor(body) },
      {
        onSuccess: ({ order }) => {
          attempt.answered();
          toast.success(t("Open request posted"), { description: t("Online merchants can see it now; the first to accept takes the trade.") });
          close();
          void navigate(`/order/${order.id}`);
        },
        onError: (err) => {
          attempt.answered(err);
          const placed = applyServerFieldErrors(err, form.setError, ["amount", "price"], {
            byCode: { OFFER_UNAVAILABLE: "price", AMOUNT_OUT_OF_RANGE: "amount", INSUFFICIENT_BALANCE: "amount" },
          });
          if (!placed) setAlert(translateServerText(err.message));
        },
      },
    );
  });

  const onSubmit = (event: FormEvent) => {
    form.clearErrors();
    setAlert(null);
    void send(event);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent className="grid-cols-1 gap-5">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Megaphone className="size-5 text-primary" aria-hidden />
            {selling ? t("Request to sell {{coin}}", { coin }) : t("Request to buy {{coin}}", { coin })}
          </DialogTitle>
          <DialogDescription>
            {selling
              ? t(
                  "Any online merchant trading {{coin}} can take this request. The first to accept gets the trade; if nobody does within the acceptance window, it is cancelled and your coins are returned.",
                  { coin },
                )
              : t(
                  "Any online merchant trading {{coin}} can take this request. The first to accept gets the trade; if nobody does within the acceptance window, it is cancelled.",
                  { coin },
                )}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid min-w-0 grid-cols-1 gap-4">
          <Field
            id="request-price"
            label={t("Price per {{coin}} (optional)", { coin })}
            error={priceError}
            hint={
              bestPrice
                ? t("Leave empty to use the best price now: {{price}}", { price: showNaira(bestPrice) })
                : selling
                  ? t("No merchant is buying {{coin}} right now.", { coin })
                  : t("No merchant is selling {{coin}} right now.", { coin })
            }
          >
            {(control) => (
              <FormAmountInput
                {...control}
                control={form.control}
                name="price"
                scale={NAIRA_SCALE}
                prefix="₦"
                placeholder={bestPrice ? t("Best price") : "0.00"}
              />
            )}
          </Field>

          <AmountEntry
            id="request-amount"
            coin={coin}
            side={side}
            price={effectivePrice}
            unit={unit}
            value={text}
            onChange={(value, nextUnit) => {
              form.setValue("amount", value);
              form.setValue("unit", nextUnit);
              form.clearErrors();
            }}
            error={amountError}
            hint={selling ? t("Available to sell: {{amount}} {{coin}}", { amount: showCoinUnits(available), coin }) : undefined}
          />

          {selling && <PayoutFields idPrefix="request-payout" value={payout} onChange={onPayoutChange} errors={payoutErrors} />}

          {alert && (
            <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {alert}
            </p>
          )}

          <DialogFooter>
            <Button type="button" variant="outline" className="h-11 sm:h-10" onClick={close}>
              {t("Cancel")}
            </Button>
            <Button type="submit" className="h-11 sm:h-10" disabled={create.isPending}>
              {create.isPending && <Loader2 className="animate-spin" />}
              {t("Post request")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
