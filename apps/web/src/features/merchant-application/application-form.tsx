import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { Trans } from "@/i18n/trans";
import { Loader2, Send } from "lucide-react";
import { toast } from "@/ui/toast";
import type { z } from "zod";
import { merchantApplicationRequest, type MerchantApplication } from "@p2p/shared";
import { isApiError } from "@/lib/api";
import { translateServerText } from "@/i18n/server-text";
import { Button } from "@/ui/button";
import { CoinLogo } from "@/ui/coin-logo";
import { BankAccountFields } from "@/ui/bank-account-fields";
import { Field } from "@/ui/field";
import { Input } from "@/ui/input";
import { Skeleton } from "@/ui/skeleton";
import { useSession } from "@/features/auth/queries";
import { useCoins } from "@/features/coins/queries";
import { IdDocumentInput } from "./id-document-input";
import { useSubmitApplicationMutation } from "./mutations";

type FormInput = z.input<typeof merchantApplicationRequest>;
type FormOutput = z.output<typeof merchantApplicationRequest>;
const FIELDS = [
  "business_name",
  "contact_name",
  "contact_phone",
  "contact_email",
  "coins",
  "bank_name",
  "account_number",
  "account_name",
  "id_document",
  "accept_agreement",
] as const;

/** A field's message (the shared schema's rule, the server's word, or ours) in the reader's language. */
const shown = (error: { message?: string } | undefined) => error?.message && translateServerText(error.message);

/** The merchant application (DESIGN §5); a re-application starts from the previous one, without the ID photo. */
export function ApplicationForm({ previous }: { previous?: MerchantApplication | null }) {
  const { t } = useTranslation();
  const { data: user } = useSession();
  const coins = useCoins();
  const submit = useSubmitApplicationMutation();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(merchantApplicationRequest),
    mode: "onTouched",
    defaultValues: {
      business_name: previous?.business_name ?? "",
      contact_name: previous?.contact_name ?? user?.full_name ?? "",
      contact_phone: previous?.contact_phone ?? user?.phone_number ?? "",
      contact_email: previous?.contact_email ?? user?.email ?? "",
      coins: previous?.coins ?? [],
      bank_name: previous?.bank_name ?? "",
      account_number: previous?.account_number ?? "",
      account_name: previous?.account_name ?? "",
      id_document: "",
      accept_agreement: false as unknown as true,
    },
  });
  const { errors } = form.formState;

  // mutateAsync: sending swaps this form for the status card, and the toast must survive that.
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await submit.mutateAsync(values);
      toast.success(t("Application sent"), { description: t("An admin will review it. You'll get a notification with the decision.") });
    } catch (err) {
      if (isApiError(err) && err.fields) {
        for (const [name, message] of Object.entries(err.fields)) {
          const field = FIELDS.find((f) => f === name);
          if (field) form.setError(field, { type: "server", message });
        }
      }
      toast.error(t("Couldn't send your application"), { description: translateServerText((err as Error).message) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-8" aria-label={t("Merchant application")}>
      <fieldset className="grid min-w-0 gap-4">
        <legend className="mb-3 text-sm font-semibold">{t("Business and contact")}</legend>
        <Field id="ma-business" label={t("Business name")} error={shown(errors.business_name)} hint={t("The name traders will see on your offers.")}>
          {(control) => (
            <Input {...control} {...form.register("business_name")} autoComplete="organization" placeholder={t("e.g. Ada Coins Ventures")} />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="ma-contact-name" label={t("Contact person")} error={shown(errors.contact_name)}>
            {(control) => <Input {...control} {...form.register("contact_name")} autoComplete="name" />}
          </Field>
          <Field id="ma-contact-phone" label={t("Contact phone")} error={shown(errors.contact_phone)}>
            {(control) => (
              <Input {...control} {...form.register("contact_phone")} type="tel" inputMode="tel" autoComplete="tel" placeholder="+234…" />
            )}
          </Field>
        </div>
        <Field id="ma-contact-email" label={t("Contact email")} error={shown(errors.contact_email)}>
          {(control) => <Input {...control} {...form.register("contact_email")} type="email" autoComplete="email" />}
        </Field>
      </fieldset>

      <fieldset className="grid min-w-0 gap-3" aria-describedby="ma-coins-message">
        <legend className="mb-1 text-sm font-semibold">{t("Coins you will trade")}</legend>
        <Controller
          control={form.control}
          name="coins"
          render={({ field }) =>
            coins.isPending ? (
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-busy>
                {Array.from({ length: 3 }, (_, i) => (
                  <Skeleton key={i} className="h-12" />
                ))}
              </div>
            ) : (
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                {(coins.data ?? []).map((coin) => {
                  const chosen = (field.value ?? []).includes(coin.symbol);
                  return (
                    <label
                      key={coin.symbol}
                      className="flex cursor-pointer items-center gap-2.5 rounded-lg border p-3 text-sm transition-colors has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                    >
                      <input
                        type="checkbox"
                        checked={chosen}
                        onBlur={field.onBlur}
                        onChange={(e) => {
                          const current = field.value ?? [];
                          field.onChange(e.target.checked ? [...current, coin.symbol] : current.filter((c) => c !== coin.symbol));
                        }}
                        className="size-4 shrink-0 accent-[var(--primary)]"
                      />
                      <CoinLogo coin={coin.symbol} className="size-6" />
                      <span className="min-w-0">
                        <span className="block font-medium">{coin.symbol}</span>
                        <span className="block truncate text-xs text-muted-foreground">{coin.name}</span>
                      </span>
                    </label>
                  );
                })}
              </div>
            )
          }
        />
        <p
          id="ma-coins-message"
          aria-live="polite"
          className={errors.coins ? "text-[0.8125rem] text-destructive" : "text-[0.8125rem] text-muted-foreground"}
        >
          {shown(errors.coins) || t("You can add prices for each of these once you are approved.")}
        </p>
      </fieldset>

      <fieldset className="grid min-w-0 gap-4">
        <legend className="mb-2 text-sm font-semibold">{t("Bank account for naira")}</legend>
        <p className="text-xs text-muted-foreground">{t("The account you will receive naira into. It should be in your or your business's name.")}</p>
        <BankAccountFields
          idPrefix="ma"
          register={{
            bank_name: form.register("bank_name"),
            account_number: form.register("account_number"),
            account_name: form.register("account_name"),
          }}
          errors={{ bank_name: shown(errors.bank_name), account_number: shown(errors.account_number), account_name: shown(errors.account_name) }}
        />
      </fieldset>

      <fieldset className="grid min-w-0 gap-3">
        <legend className="mb-1 text-sm font-semibold">{t("Identity")}</legend>
        <Controller
          control={form.control}
          name="id_document"
          render={({ field }) => (
            <Field id="ma-id-document" label={t("ID document")} error={shown(errors.id_document)}>
              {(control) => (
                <IdDocumentInput
                  control={control}
                  value={field.value ?? ""}
                  onChange={(dataUrl) => {
                    field.onChange(dataUrl);
                    if (dataUrl) void form.trigger("id_document");
                  }}
                  onError={(message) =>
                    // i18n-ignore: "id_document" names the field; the message is a key, shown through shown()
                    message ? form.setError("id_document", { type: "client", message }) : form.clearErrors("id_document")
                  }
                />
              )}
            </Field>
          )}
        />
      </fieldset>

      <div className="grid gap-2">
        <label className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5">
          <input
            type="checkbox"
            {...form.register("accept_agreement")}
            aria-invalid={Boolean(errors.accept_agreement)}
            aria-describedby={errors.accept_agreement ? "ma-agreement-error" : undefined}
            className="mt-0.5 size-4 shrink-0 accent-[var(--primary)]"
          />
          <span>
            <Trans
              i18nKey="I have read and accept the <agreement>Merchant Agreement</agreement>."
              components={{
                agreement: (
                  <Link
                    to="/merchant-agreement"
                    target="_blank"
                    rel="noopener"
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  />
                ),
              }}
            />
          </span>
        </label>
        {errors.accept_agreement && (
          <p id="ma-agreement-error" role="alert" className="text-[0.8125rem] text-destructive">
            {shown(errors.accept_agreement)}
          </p>
        )}
      </div>

      <Button type="submit" size="lg" disabled={submit.isPending} className="sm:justify-self-start">
        {submit.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
        {t("Send application")}
      </Button>
    </form>
  );
}
