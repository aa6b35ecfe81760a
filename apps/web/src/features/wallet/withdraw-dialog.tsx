import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { Info } from "lucide-react";
import { z } from "zod";
import { COIN_SCALE, createWithdrawalRequest, formatCoin, msg, parseCoin, type WalletBalance } from "@p2p/shared";
import { FormAmountInput } from "@/ui/form-amount-input";
import { Button } from "@/ui/button";
import { Field } from "@/ui/field";
import { Input } from "@/ui/input";
import { showCoin } from "@/i18n/format";
import { translateServerText } from "@/i18n/server-text";
import { applyServerFieldErrors, shownFieldError } from "@/lib/form-errors";
import { useIntentKey } from "@/lib/idempotency";
import { useSecurityStatus } from "@/features/auth/queries";
import { StepUpCodeField, stepUpCodeReady } from "@/features/auth/step-up-code-field";
import { useCreateWithdrawalMutation } from "./mutations";
import { CoinSelect, submitWalletRequest, WalletFormDialog, WalletFormFooter } from "./wallet-form-dialog";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  balances: WalletBalance[];
  coin: string;
  onCoinChange: (coin: string) => void;
  onSubmitted: () => void;
};

/** What the person types, under the shared request's rules, within what they have, with a code when two-factor is on. */
function withdrawForm({ coin, available, needsCode, t }: { coin: string; available: bigint; needsCode: boolean; t: TFunction }) {
  return z.object({
    amount: z
      .string()
      .trim()
      .min(1, msg("Enter the amount to withdraw"))
      .pipe(createWithdrawalRequest.shape.amount)
      .refine((amount) => parseCoin(amount) <= available, {
        message: t("You have {{amount}} {{coin}} available to withdraw.", { amount: showCoin(formatCoin(available)), coin }),
      }),
    address: createWithdrawalRequest.shape.address,
    two_factor_code: needsCode
      ? z
          .string()
          .refine(stepUpCodeReady, msg("Enter the 6-digit code from your authenticator app"))
          .transform((code) => code.trim())
      : z.string(),
  });
}

/** Withdrawal request: the amount leaves "available" at once and waits for an admin to send it. */
export function WithdrawDialog({ open, onOpenChange, balances, coin, onCoinChange, onSubmitted }: Props) {
  const { t } = useTranslation();
  const needsCode = useSecurityStatus().data?.two_factor_enabled === true;
  const withdraw = useCreateWithdrawalMutation();
  const attempt = useIntentKey();
  const balance = balances.find((b) => b.coin === coin);
  const available = balance ? parseCoin(balance.available) : 0n;
  const form = useForm({
    resolver: zodResolver(withdrawForm({ coin, available, needsCode, t })),
    defaultValues: { amount: "", address: "", two_factor_code: "" },
    // A message, the server's too, stays until the next submit (the code's goes as it is retyped).
    reValidateMode: "onSubmit",
  });
  const { errors } = form.formState;

  const reset = () => {
    form.reset();
    withdraw.reset();
  };

  const onSubmit = form.handleSubmit(({ amount, address, two_factor_code }) => {
    const body = { coin, amount, address, ...(needsCode ? { two_factor_code } : {}) };
    submitWalletRequest({
      mutate: withdraw.mutate,
      attempt,
      body,
      success: ({ withdrawal }) => ({
        title: t("Withdrawal requested"),
        description: t("{{amount}} {{coin}} is on hold while our team sends it. You can cancel until then.", {
          amount: showCoin(withdrawal.amount),
          coin: withdrawal.coin,
        }),
      }),
      onDone: () => {
        reset();
        onOpenChange(false);
        onSubmitted();
      },
      onRefused: (err) =>
        applyServerFieldErrors(err, form.setError, ["amount", "address", "two_factor_code"], { byCode: { INSUFFICIENT_BALANCE: "amount" } }),
    });
  });

  return (
    <WalletFormDialog
      open={open}
      onOpenChange={onOpenChange}
      onReset={reset}
      title={t("Withdraw {{coin}}", { coin })}
      description={t("Send coins from your NaijaP2P wallet to an address you control.")}
    >
      <form onSubmit={onSubmit} noValidate className="grid min-w-0 grid-cols-1 gap-4">
        <CoinSelect
          id="withdraw-coin"
          coin={coin}
          balances={balances}
          onChange={(next) => {
            onCoinChange(next);
            form.clearErrors();
          }}
          optionLabel={(b) => t("{{coin}} · {{amount}} available", { coin: b.coin, amount: showCoin(b.available) })}
        />

        <Field
          id="withdraw-amount"
          label={t("Amount")}
          error={shownFieldError(errors.amount?.message)}
          hint={t("Available: {{amount}} {{coin}}", { amount: showCoin(formatCoin(available)), coin })}
          aside={
            <Button
              type="button"
              variant="link"
              size="sm"
              className="h-auto min-h-8 p-0"
              disabled={available === 0n}
              onClick={() => form.setValue("amount", formatCoin(available).replace(/\.?0+$/, ""))}
            >
              {t("Use max")}
            </Button>
          }
        >
          {(control) => <FormAmountInput {...control} control={form.control} name="amount" scale={COIN_SCALE} suffix={coin} placeholder="0.00" />}
        </Field>

        <Field
          id="withdraw-address"
          label={t("Destination {{coin}} address", { coin })}
          error={shownFieldError(errors.address?.message)}
          hint={t("Double-check it: coins sent to a wrong address cannot be recovered.")}
        >
          {(control) => (
            <Controller
              control={form.control}
              name="address"
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
                  placeholder={t("Paste the address")}
                />
              )}
            />
          )}
        </Field>

        {needsCode && (
          <Controller
            control={form.control}
            name="two_factor_code"
            render={({ field }) => (
              <StepUpCodeField
                id="withdraw-code"
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                  form.clearErrors("two_factor_code");
                }}
                error={errors.two_factor_code?.message}
              />
            )}
          />
        )}

        <p className="flex gap-2 rounded-lg bg-muted/60 p-3 text-xs text-muted-foreground">
          <Info className="mt-px size-3.5 shrink-0" aria-hidden />
          {t(
            'The amount moves to "Withdrawing" right away. Our team sends it and records the transaction hash; you can cancel while it is still pending.',
          )}
        </p>

        <WalletFormFooter
          error={
            withdraw.isError && !errors.amount && !errors.address && !errors.two_factor_code ? translateServerText(withdraw.error.message) : null
          }
          pending={withdraw.isPending}
          disabled={available === 0n}
          onCancel={() => onOpenChange(false)}
        >
          <span className="truncate">{available === 0n ? t("No {{coin}} to withdraw", { coin }) : t("Request withdrawal")}</span>
        </WalletFormFooter>
      </form>
    </WalletFormDialog>
  );
}
