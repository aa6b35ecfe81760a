import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { AlertTriangle } from "lucide-react";
import { z } from "zod";
import { COIN_SCALE, createDepositRequest, msg, type WalletBalance } from "@p2p/shared";
import { FormAmountInput } from "@/ui/form-amount-input";
import { CoinLogo } from "@/ui/coin-logo";
import { CopyButton } from "@/ui/copy-button";
import { EmptyState } from "@/ui/empty-state";
import { Field } from "@/ui/field";
import { Input } from "@/ui/input";
import { showCoin } from "@/i18n/format";
import { translateServerText } from "@/i18n/server-text";
import { applyServerFieldErrors, shownFieldError } from "@/lib/form-errors";
import { useIntentKey } from "@/lib/idempotency";
import { useCreateDepositMutation } from "./mutations";
import { CoinSelect, submitWalletRequest, WalletFormDialog, WalletFormFooter } from "./wallet-form-dialog";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  balances: WalletBalance[];
  coin: string;
  onCoinChange: (coin: string) => void;
  onSubmitted: () => void;
};

/** What the person types, under the shared request's rules; an empty field asks for its value. */
const depositForm = z.object({
  amount: z.string().trim().min(1, msg("Enter the amount you sent")).pipe(createDepositRequest.shape.amount),
  tx_hash: z.string().trim().min(1, msg("Enter the transaction hash")).pipe(createDepositRequest.shape.tx_hash),
});

/**
 * Deposit in two steps (DESIGN §2): send coins to the platform's address for the coin, then give
 * the amount and the transaction hash; an admin confirms it and the coins become available.
 */
export function DepositDialog({ open, onOpenChange, balances, coin, onCoinChange, onSubmitted }: Props) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(depositForm),
    defaultValues: { amount: "", tx_hash: "" },
    // A message, the server's too, stays until the next submit.
    reValidateMode: "onSubmit",
  });
  const { errors } = form.formState;
  const deposit = useCreateDepositMutation();
  const attempt = useIntentKey();
  const balance = balances.find((b) => b.coin === coin);

  const reset = () => {
    form.reset();
    deposit.reset();
  };

  const onSubmit = form.handleSubmit((values) => {
    const body = { coin, ...values };
    submitWalletRequest({
      mutate: deposit.mutate,
      attempt,
      body,
      success: ({ deposit: created }) => ({
        title: t("Deposit submitted"),
        description: t("We'll credit {{amount}} {{coin}} once an admin confirms the transaction.", {
          amount: showCoin(created.amount),
          coin: created.coin,
        }),
      }),
      onDone: () => {
        reset();
        onOpenChange(false);
        onSubmitted();
      },
      onRefused: (err) => applyServerFieldErrors(err, form.setError, ["amount", "tx_hash"], { byCode: { DUPLICATE_TX_HASH: "tx_hash" } }),
    });
  });

  return (
    <WalletFormDialog
      open={open}
      onOpenChange={onOpenChange}
      onReset={reset}
      title={t("Deposit {{coin}}", { coin })}
      description={t("Send coins to NaijaP2P, then tell us the transaction so we can credit you.")}
    >
      <CoinSelect id="deposit-coin" coin={coin} balances={balances} onChange={onCoinChange} optionLabel={(b) => `${b.coin} · ${b.name}`} />

      {!balance?.deposit_address ? (
        <EmptyState
          className="rounded-lg border border-dashed"
          icon={<AlertTriangle />}
          title={t("Deposits of {{coin}} are not open yet", { coin })}
          description={t("Our team has not set up a deposit address for this coin. Please choose another coin or check back later.")}
        />
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid min-w-0 grid-cols-1 gap-4">
          <section aria-labelledby="deposit-step-1" className="grid gap-3 rounded-lg border bg-muted/40 p-4">
            <h3 id="deposit-step-1" className="flex items-center gap-2 text-sm font-semibold">
              <StepNumber n={1} />
              {t("Send {{coin}} to this address", { coin })}
            </h3>
            <div className="flex items-start gap-3">
              <CoinLogo coin={coin} className="mt-0.5 size-8" />
              <p className="min-w-0 flex-1 break-all font-mono text-sm" data-testid="deposit-address">
                {balance.deposit_address}
              </p>
            </div>
            <CopyButton
              value={balance.deposit_address}
              label={t("{{coin}} deposit address", { coin })}
              showText
              className="h-11 justify-self-start sm:h-8"
            />
            <p className="flex gap-2 text-xs text-amber-700 dark:text-amber-300">
              <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden />
              {t("Send only {{coin}} to this address. Other coins sent here cannot be recovered.", { coin })}
            </p>
          </section>

          <section aria-labelledby="deposit-step-2" className="grid gap-4">
            <h3 id="deposit-step-2" className="flex items-center gap-2 text-sm font-semibold">
              <StepNumber n={2} />
              {t("Tell us what you sent")}
            </h3>
            <Field id="deposit-amount" label={t("Amount sent")} error={shownFieldError(errors.amount?.message)}>
              {(control) => <FormAmountInput {...control} control={form.control} name="amount" scale={COIN_SCALE} suffix={coin} placeholder="0.00" />}
            </Field>
            <Field
              id="deposit-hash"
              label={t("Transaction hash")}
              error={shownFieldError(errors.tx_hash?.message)}
              hint={t("Copy it from your wallet or the block explorer after sending.")}
            >
              {(control) => (
                <Controller
                  control={form.control}
                  name="tx_hash"
                  render={({ field }) => (
                    <Input
                      {...control}
                      ref={field.ref}
                      value={field.value}
                      onChange={(e) => field.onChange(e.target.value.trim())}
                      onBlur={field.onBlur}
                      autoComplete="off"
                      spellCheck={false}
                      className="font-mono"
                      placeholder={t("e.g. 9f2c…")}
                    />
                  )}
                />
              )}
            </Field>
          </section>

          <WalletFormFooter
            error={deposit.isError && !errors.amount && !errors.tx_hash ? translateServerText(deposit.error.message) : null}
            pending={deposit.isPending}
            onCancel={() => onOpenChange(false)}
          >
            {t("Submit deposit")}
          </WalletFormFooter>
        </form>
      )}
    </WalletFormDialog>
  );
}

function StepNumber({ n }: { n: number }) {
  return (
    <span
      className="inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-primary text-[0.6875rem] font-bold text-primary-foreground"
      aria-hidden
    >
      {n}
    </span>
  );
}
