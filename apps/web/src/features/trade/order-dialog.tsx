import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { Trans } from "@/i18n/trans";
import { Loader2, ShieldCheck } from "lucide-react";
import { toast } from "@/ui/toast";
import { feeFor, feeSplit, parseCoin, type MarketOffer, type TradeSide, type WalletBalance } from "@p2p/shared";
import { isApiError } from "@/lib/api";
import { cn } from "@/lib/cn";
import { applyServerFieldErrors, shownFieldError } from "@/lib/form-errors";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { showCoin, showCoinUnits, showFeeRate, showNaira, showNairaUnits, showPercent, showScore } from "@/i18n/format";
import { translateServerText } from "@/i18n/server-text";
import { useIntentKey } from "@/lib/idempotency";
import { UserAvatar } from "@/features/shell/user-avatar";
import { AmountEntry } from "./amount-entry";
import { amountField, computeAmounts, unitsToInput, type AmountUnit } from "./amounts";
import { useCreateOrderMutation } from "./mutations";
import { PayoutFields, type Payout } from "./payout-fields";
import { checkAmount, checkPayout } from "./validate";
import { changedTerms, OfferChangedPrompt, type OfferTerms } from "./offer-changed-prompt";

type Props = {
  offer: MarketOffer | null;
  side: TradeSide;
  coin: string;
  balance: WalletBalance | undefined;
  payout: Payout;
  onPayoutChange: (payout: Payout) => void;
  onOpenChange: (open: boolean) => void;
  onOfferGone: () => void;
};

type OrderForm = { amount: string; unit: AmountUnit };
const EMPTY_ORDER: OrderForm = { amount: "", unit: "naira" };

/** Places an order against one merchant's offer, then opens the order page. */
export function OrderDialog({ offer, side, coin, balance, payout, onPayoutChange, onOpenChange, onOfferGone }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The checks run live as the person types (below); the form holds the values and the server's refusals.
  const form = useForm<OrderForm>({ defaultValues: EMPTY_ORDER });
  const [text, unit] = useWatch({ control: form.control, name: ["amount", "unit"] });
  const { errors: serverErrors, isSubmitted: submitted } = form.formState;
  const [alert, setAlert] = useState<string | null>(null);
  // The terms the trader agreed to after the merchant changed the offer, and a change not yet answered.
  const [agreed, setAgreed] = useState<OfferTerms | null>(null);
  const [changed, setChanged] = useState<OfferTerms | null>(null);
  const create = useCreateOrderMutation();
  const attempt = useIntentKey();

  const selling = side === "sell";
  const available = balance ? parseCoin(balance.available) : 0n;
  const terms: OfferTerms | null = offer
    ? (agreed ?? { price: offer.price, offer_version: offer.offer_version, min_order: offer.min_order, max_order: offer.max_order })
    : null;
  const amounts = terms ? computeAmounts(text, unit, terms.price) : null;
  const amountError =
    shownFieldError(serverErrors.amount?.message) ??
    (terms
      ? checkAmount(amounts, {
          coin,
          side,
          limits: { min: terms.min_order, max: terms.max_order },
          available: selling ? available : undefined,
          required: submitted,
        })
      : undefined);
  const payoutErrors = selling && submitted ? checkPayout(payout) : {};

  const close = () => {
    form.reset(EMPTY_ORDER);
    setAlert(null);
    setAgreed(null);
    setChanged(null);
    create.reset();
    onOpenChange(false);
  };

  const onSubmit = form.handleSubmit(() => {
    if (terms) submit(terms);
  });

  /** Places the order on the terms the trader has seen (the offer's, or the changed ones they agreed to). */
  const submit = (seen: OfferTerms) => {
    if (!offer) return;
    form.clearErrors();
    setAlert(null);
    const placed = computeAmounts(text, unit, seen.price);
    const amountProblem = checkAmount(placed, {
      coin,
      side,
      limits: { min: seen.min_order, max: seen.max_order },
      available: selling ? available : undefined,
      required: true,
    });
    const payoutProblems = selling ? checkPayout(payout) : {};
    if (amountProblem || Object.keys(payoutProblems).length > 0 || !placed) return;

    const body = {
      merchant_id: offer.merchant_id,
      coin,
      side,
      ...amountField(placed, unit),
      ...(selling
        ? { payout: { bank_name: payout.bank_name.trim(), account_number: payout.account_number, account_name: payout.account_name.trim() } }
        : {}),
      price: seen.price,
      offer_version: seen.offer_version,
    };
    create.mutate(
      { body, idempotencyKey: attempt.keyFor(body) },
      {
        onSuccess: ({ order }) => {
          attempt.answered();
          toast.success(selling ? t("Sell order placed: {{coin}} locked in escrow", { coin }) : t("Buy order placed"), {
            description: t("Waiting for {{username}} to accept. You'll pay or get paid only after they do.", { username: offer.username }),
          });
          close();
          void navigate(`/order/${order.id}`);
        },
        onError: (err) => {
          attempt.answered(err);
          const next = isApiError(err, "OFFER_CHANGED") ? changedTerms(err.fields) : null;
          if (next) {
            setChanged(next);
            onOfferGone();
            return;
          }
          const placed = applyServerFieldErrors(err, form.setError, ["amount"], {
            byCode: { AMOUNT_OUT_OF_RANGE: "amount", INSUFFICIENT_BALANCE: "amount" },
          });
          if (!placed) setAlert(translateServerText(err.message));
          if (isApiError(err, "OFFER_UNAVAILABLE")) onOfferGone();
        },
      },
    );
  };

  /** A new amount: the server's last refusal of the old one goes. */
  const enter = (amount: string, nextUnit: AmountUnit) => {
    form.setValue("amount", amount);
    form.setValue("unit", nextUnit);
    form.clearErrors();
  };

  const maxButton = terms && (
    <Button
      type="button"
      variant="link"
      size="sm"
      className="h-auto min-h-8 p-0"
      onClick={() => {
        const maxNaira = computeAmounts(terms.max_order, "naira", terms.price);
        if (!maxNaira) return;
        if (!selling) {
          // Up to what the merchant still has to sell.
          const merchantCoins = offer?.available ? parseCoin(offer.available) : null;
          if (merchantCoins !== null && merchantCoins < maxNaira.coins) enter(unitsToInput(merchantCoins, "coin"), "coin");
          else enter(unitsToInput(maxNaira.naira, "naira"), "naira");
        } else {
          const coins = available < maxNaira.coins ? available : maxNaira.coins;
          enter(unitsToInput(coins, "coin"), "coin");
        }
      }}
    >
      {t("Max")}
    </Button>
  );

  return (
    <Dialog open={offer !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent className="grid-cols-1 gap-5">
        {offer && terms && (
          <>
            <DialogHeader>
              <DialogTitle>{selling ? t("Sell {{coin}}", { coin }) : t("Buy {{coin}}", { coin })}</DialogTitle>
              <DialogDescription>
                {selling
                  ? t("Sell to {{username}} at {{price}} per {{coin}}.", { username: offer.username, price: showNaira(terms.price), coin })
                  : t("Buy from {{username}} at {{price}} per {{coin}}.", { username: offer.username, price: showNaira(terms.price), coin })}
              </DialogDescription>
            </DialogHeader>

            <div className="flex flex-wrap items-center gap-3 rounded-lg border p-3">
              <UserAvatar name={offer.username} />
              {/* At least 8rem for the name: on a narrow phone the price moves to its own line instead. */}
              <div className="min-w-32 flex-1">
                <p className="truncate text-sm font-semibold">{offer.username}</p>
                <p className="text-xs text-muted-foreground tabular">
                  ★ {showScore(offer.reputation_score)} · {t("{{count}} trades", { count: offer.total_trades })}
                  {offer.completion_rate !== null && (
                    <>
                      {" "}
                      ·{" "}
                      {t("{{percent}} completion of {{count}} orders", {
                        percent: showPercent(offer.completion_rate),
                        count: offer.completion_orders,
                      })}
                    </>
                  )}
                </p>
              </div>
              <div className="ms-auto shrink-0 text-end">
                <p
                  className={cn(
                    "text-base font-bold tabular",
                    selling ? "text-rose-700 dark:text-rose-400" : "text-emerald-700 dark:text-emerald-400",
                  )}
                >
                  {showNaira(terms.price)}
                </p>
                <p className="text-[0.6875rem] text-muted-foreground">{t("per {{coin}}", { coin })}</p>
              </div>
            </div>

            <form onSubmit={onSubmit} noValidate className="grid min-w-0 grid-cols-1 gap-4">
              <AmountEntry
                id="order-amount"
                coin={coin}
                side={side}
                price={terms.price}
                unit={unit}
                value={text}
                onChange={enter}
                error={amountError}
                hint={t("Limits {{min}} – {{max}}", { min: showNaira(terms.min_order), max: showNaira(terms.max_order) })}
                aside={maxButton}
              />

              {selling && (
                <p className="-mt-2 break-words text-xs text-muted-foreground tabular">
                  <Trans
                    i18nKey="Available to sell: <b>{{amount}} {{coin}}</b>"
                    values={{ amount: showCoinUnits(available), coin }}
                    components={{ b: <span className="font-medium text-foreground" /> }}
                  />
                </p>
              )}

              {!selling && offer.available !== null && (
                <p className="-mt-2 break-words text-xs text-muted-foreground tabular">
                  {t("Available: {{amount}} {{coin}}", { amount: showCoin(offer.available), coin })}
                </p>
              )}

              {selling && <PayoutFields idPrefix="order-payout" value={payout} onChange={onPayoutChange} errors={payoutErrors} />}

              <dl className="grid gap-2 rounded-lg border p-3 text-sm">
                <Row label={t("Payment")} value={selling ? t("Bank transfer to you") : t("Bank transfer · {{bank}}", { bank: offer.bank_name })} />
                {amounts && amounts.naira > 0n && (
                  <Row label={selling ? t("You receive") : t("You pay")} value={showNairaUnits(amounts.naira)} strong />
                )}
                {amounts && amounts.coins > 0n && (
                  <Row label={selling ? t("You sell") : t("You receive")} value={`${showCoinUnits(amounts.coins)} ${coin}`} strong />
                )}
                <MerchantFeeRows coin={coin} side={side} feeBps={offer.fee_bps} coins={amounts?.coins ?? 0n} />
              </dl>
              <p className="-mt-2 text-xs text-muted-foreground">
                {t("The merchant pays the fee from their own coins: it never changes what you pay or receive.")}
              </p>

              {offer.terms && (
                <div className="grid gap-1 rounded-lg bg-muted/60 p-3">
                  <p className="text-xs font-semibold text-muted-foreground">{t("Merchant's terms")}</p>
                  <p className="whitespace-pre-line break-words text-sm">{offer.terms}</p>
                </div>
              )}

              <p className="flex gap-2 text-xs text-muted-foreground">
                <ShieldCheck className="mt-px size-4 shrink-0 text-primary" aria-hidden />
                {selling
                  ? t(
                      "Your {{coin}} is locked in escrow as soon as you place this order, and released to the merchant only when you confirm the naira reached your account.",
                      { coin },
                    )
                  : t(
                      "The merchant's {{coin}} is locked in escrow when they accept. Pay only to the account shown on the order page, then mark the order paid.",
                      { coin },
                    )}
              </p>

              {alert && (
                <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive">
                  {alert}
                </p>
              )}

              {changed ? (
                <OfferChangedPrompt
                  seenPrice={terms.price}
                  terms={changed}
                  pending={create.isPending}
                  onContinue={() => {
                    setAgreed(changed);
                    setChanged(null);
                    submit(changed);
                  }}
                  onCancel={() => setChanged(null)}
                />
              ) : (
                <DialogFooter>
                  <Button type="button" variant="outline" className="h-11 sm:h-10" onClick={close}>
                    {t("Cancel")}
                  </Button>
                  <Button
                    type="submit"
                    disabled={create.isPending}
                    className={cn(
                      "h-11 sm:h-10",
                      selling ? "bg-rose-600 text-white hover:bg-rose-600/90" : "bg-emerald-700 text-white hover:bg-emerald-700/90",
                    )}
                  >
                    {create.isPending && <Loader2 className="animate-spin" />}
                    {selling ? t("Sell {{coin}}", { coin }) : t("Buy {{coin}}", { coin })}
                  </Button>
                </DialogFooter>
              )}
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The merchant's fee on this order and what it means for them; the trader's own amounts never change. */
function MerchantFeeRows({ coin, side, feeBps, coins }: { coin: string; side: TradeSide; feeBps: number; coins: bigint }) {
  const { t } = useTranslation();
  const fee = feeFor(coins, feeBps);
  // The order's side is the trader's: a trader who buys has a merchant who sells.
  const split = feeSplit({ side, coinUnits: coins, feeUnits: fee });
  return (
    <>
      <Row
        label={t("Merchant's fee")}
        value={
          feeBps === 0
            ? t("None")
            : coins > 0n
              ? t("{{amount}} {{coin}} ({{rate}})", { amount: showCoinUnits(fee), coin, rate: showFeeRate(feeBps) })
              : showFeeRate(feeBps)
        }
      />
      {coins > 0n && feeBps > 0 && (
        <Row
          label={side === "buy" ? t("Merchant locks") : t("Merchant receives")}
          value={`${showCoinUnits(side === "buy" ? split.locked : split.toBuyer)} ${coin}`}
        />
      )}
    </>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="shrink-0 text-muted-foreground">{label}</dt>
      <dd className={cn("min-w-0 break-words text-end tabular", strong && "font-semibold")}>{value}</dd>
    </div>
  );
}
