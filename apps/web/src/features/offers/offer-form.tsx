import { useEffect } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, Save } from "lucide-react";
import { toast } from "@/ui/toast";
import { useTranslation } from "@/i18n/use-translation";
import { Trans } from "@/i18n/trans";
import type { z } from "zod";
import { formatUnits, NAIRA_SCALE, parseNaira, upsertOfferRequest, type Coin, type Offer } from "@p2p/shared";
import { isApiError } from "@/lib/api";
import { AmountInput } from "@/ui/amount-input";
import { Button } from "@/ui/button";
import { BankAccountFields } from "@/ui/bank-account-fields";
import { Field } from "@/ui/field";
import { Switch } from "@/ui/switch";
import { Textarea } from "@/ui/textarea";
import { showCount, showNaira, showNairaUnits, showPercent } from "@/i18n/format";
import { translateServerText } from "@/i18n/server-text";
import { MerchantFeeNote } from "./merchant-fee-note";
import { useUpsertOfferMutation } from "./mutations";

type FormInput = z.input<typeof upsertOfferRequest>;
type FormOutput = z.output<typeof upsertOfferRequest>;
const FIELDS = ["buy_price", "sell_price", "min_order", "max_order", "bank_name", "account_number", "account_name", "terms", "online"] as const;
const TERMS_MAX = 2000;

/** Plain "1500" rather than "1500.00" in the inputs; the server answers the full scale. */
const trimMoney = (text: string) => text.replace(/\.00$/, "");

function valuesOf(offer: Offer | undefined, fallbackBank?: Offer): FormInput {
  if (offer) {
    return {
      buy_price: trimMoney(offer.buy_price),
      sell_price: trimMoney(offer.sell_price),
      min_order: trimMoney(offer.min_order),
      max_order: trimMoney(offer.max_order),
      bank_name: offer.bank_name,
      account_number: offer.account_number,
      account_name: offer.account_name,
      terms: offer.terms,
      online: offer.online,
    };
  }
  // A new coin starts with the bank details the merchant already uses elsewhere.
  return {
    buy_price: "",
    sell_price: "",
    min_order: "",
    max_order: "",
    bank_name: fallbackBank?.bank_name ?? "",
    account_number: fallbackBank?.account_number ?? "",
    account_name: fallbackBank?.account_name ?? "",
    terms: "",
    online: true,
  };
}

/** A field's message (the shared schema's key or the server's text) in the reader's language. */
const shownError = (message: string | undefined) => (message ? translateServerText(message) : undefined);

function kobo(text: string | undefined): bigint | null {
  try {
    return text ? parseNaira(text.replace(/\.$/, "")) : null;
  } catch {
    return null;
  }
}

/** The merchant's offer for one coin: prices, limits, payment details, terms and the online switch. */
export function OfferForm({
  coin,
  offer,
  otherOffer,
  market,
}: {
  coin: string;
  offer: Offer | undefined;
  otherOffer: Offer | undefined;
  market: Coin | undefined;
}) {
  const { t } = useTranslation();
  const save = useUpsertOfferMutation();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(upsertOfferRequest),
    defaultValues: valuesOf(offer, otherOffer),
    mode: "onTouched",
  });
  const { errors, isDirty } = form.formState;

  // Another coin chosen (or the saved offer came back): show its values.
  useEffect(() => {
    form.reset(valuesOf(offer, otherOffer));
    save.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the coin or the saved offer changes, not on every render of the form
  }, [coin, offer?.updated_at]);

  const [buy, sell, online, terms] = useWatch({ control: form.control, name: ["buy_price", "sell_price", "online", "terms"] });
  const buyKobo = kobo(buy);
  const sellKobo = kobo(sell);
  const spread =
    buyKobo !== null && sellKobo !== null && buyKobo > 0n && sellKobo >= buyKobo
      ? `${showNairaUnits(sellKobo - buyKobo)} (${showPercent(Number(formatUnits(((sellKobo - buyKobo) * 10_000n) / buyKobo, 2)))})`
      : null;

  const onSubmit = form.handleSubmit((values) => {
    save.mutate(
      { coin, body: values },
      {
        onSuccess: ({ offer: saved }) => {
          toast.success(t("{{coin}} offer saved", { coin }), {
            description: saved.online
              ? t("You're online: traders see these prices on Trade with Merchants now.")
              : t("You're offline: traders won't see this offer until you switch it on."),
          });
        },
        onError: (err) => {
          if (isApiError(err) && err.fields) {
            for (const [name, message] of Object.entries(err.fields)) {
              const field = FIELDS.find((f) => f === name);
              if (field) form.setError(field, { type: "server", message });
            }
          }
          toast.error(t("Couldn't save your {{coin}} offer", { coin }), { description: translateServerText(err.message) });
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      <fieldset className="grid min-w-0 grid-cols-1 gap-4">
        <legend className="mb-3 text-sm font-semibold">{t("Prices per {{coin}}", { coin })}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Controller
            control={form.control}
            name="buy_price"
            render={({ field }) => (
              <Field
                id="offer-buy-price"
                label={t("Your buy price")}
                error={shownError(errors.buy_price?.message)}
                hint={
                  market?.best_sell_price
                    ? t("Traders selling {{coin}} get this. Best now: {{price}}", { coin, price: showNaira(market.best_sell_price) })
                    : t("What you pay traders who sell {{coin}} to you.", { coin })
                }
              >
                {(control) => (
                  <AmountInput
                    {...control}
                    value={field.value ?? ""}
                    onValueChange={field.onChange}
                    onBlur={field.onBlur}
                    name={field.name}
                    ref={field.ref}
                    scale={NAIRA_SCALE}
                    prefix="₦"
                    placeholder="0.00"
                  />
                )}
              </Field>
            )}
          />
          <Controller
            control={form.control}
            name="sell_price"
            render={({ field }) => (
              <Field
                id="offer-sell-price"
                label={t("Your sell price")}
                error={shownError(errors.sell_price?.message)}
                hint={
                  market?.best_buy_price
                    ? t("Traders buying {{coin}} pay this. Best now: {{price}}", { coin, price: showNaira(market.best_buy_price) })
                    : t("What traders pay you to buy {{coin}}.", { coin })
                }
              >
                {(control) => (
                  <AmountInput
                    {...control}
                    value={field.value ?? ""}
                    onValueChange={field.onChange}
                    onBlur={field.onBlur}
                    name={field.name}
                    ref={field.ref}
                    scale={NAIRA_SCALE}
                    prefix="₦"
                    placeholder="0.00"
                  />
                )}
              </Field>
            )}
          />
        </div>
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {spread ? (
            <Trans
              i18nKey="Your spread: <value>{{spread}}</value>"
              values={{ spread }}
              components={{ value: <span className="font-medium text-foreground tabular" /> }}
            />
          ) : buyKobo !== null && sellKobo !== null && buyKobo > sellKobo ? null : (
            t("Your spread shows here once both prices are set.")
          )}
        </p>
        <MerchantFeeNote coin={coin} feeBps={market?.fee_bps} />
      </fieldset>

      <fieldset className="grid min-w-0 grid-cols-1 gap-4">
        <legend className="mb-3 text-sm font-semibold">{t("Order limits (naira)")}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {(["min_order", "max_order"] as const).map((name) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field }) => (
                <Field
                  id={`offer-${name}`}
                  label={name === "min_order" ? t("Minimum order") : t("Maximum order")}
                  error={shownError(errors[name]?.message)}
                >
                  {(control) => (
                    <AmountInput
                      {...control}
                      value={field.value ?? ""}
                      onValueChange={field.onChange}
                      onBlur={field.onBlur}
                      name={field.name}
                      ref={field.ref}
                      scale={NAIRA_SCALE}
                      prefix="₦"
                      placeholder="0.00"
                    />
                  )}
                </Field>
              )}
            />
          ))}
        </div>
      </fieldset>

      <fieldset className="grid min-w-0 grid-cols-1 gap-4">
        <legend className="mb-2 text-sm font-semibold">{t("Payment details")}</legend>
        <p className="text-xs text-muted-foreground">{t("Buyers pay naira into this account. It is shown only to the people you trade with.")}</p>
        <BankAccountFields
          idPrefix="offer"
          register={{
            bank_name: form.register("bank_name"),
            account_number: form.register("account_number"),
            account_name: form.register("account_name"),
          }}
          errors={{
            bank_name: shownError(errors.bank_name?.message),
            account_number: shownError(errors.account_number?.message),
            account_name: shownError(errors.account_name?.message),
          }}
        />
      </fieldset>

      <Field
        id="offer-terms"
        label={t("Terms (optional)")}
        error={shownError(errors.terms?.message)}
        aside={
          <span className="text-xs text-muted-foreground tabular">
            {showCount((terms ?? "").length)} / {showCount(TERMS_MAX)}
          </span>
        }
      >
        {(control) => (
          <Textarea
            {...control}
            {...form.register("terms")}
            rows={4}
            maxLength={TERMS_MAX}
            placeholder={t("e.g. Pay only from an account in your own name. No third-party payments.")}
          />
        )}
      </Field>

      <div className="flex items-center justify-between gap-4 rounded-lg border p-4">
        <div className="grid gap-0.5">
          <label htmlFor="offer-online" className="text-sm font-semibold">
            {online ? t("Online") : t("Offline")}
          </label>
          <p className="text-xs text-muted-foreground">
            {online
              ? t("Traders can see and trade against your {{coin}} offer.", { coin })
              : t("Your {{coin}} offer is hidden from traders.", { coin })}
          </p>
        </div>
        <Controller
          control={form.control}
          name="online"
          render={({ field }) => (
            <Switch id="offer-online" checked={field.value ?? true} onCheckedChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
          )}
        />
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        {offer && isDirty && (
          <Button type="button" variant="ghost" onClick={() => form.reset(valuesOf(offer, otherOffer))}>
            {t("Discard changes")}
          </Button>
        )}
        <Button type="submit" disabled={save.isPending} className="sm:min-w-44">
          {save.isPending ? <Loader2 className="animate-spin" /> : <Save />}
          {offer ? t("Update {{coin}} offer", { coin }) : t("Publish {{coin}} offer", { coin })}
        </Button>
      </div>
    </form>
  );
}
