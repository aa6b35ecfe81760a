import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "@/i18n/use-translation";
import type { TFunction } from "@p2p/shared";
import { Info, TriangleAlert } from "lucide-react";
import { z } from "zod";
import { useEffect } from "react";
import {
  COIN_SCALE,
  createWithdrawalRequest,
  formatCoin,
  isValidAddress,
  msg,
  parseCoin,
  trimDecimal,
  type Network,
  type WalletBalance,
} from "@p2p/shared";
import { NativeSelect } from "@/ui/select";
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
import { useNetworks } from "./network-queries";
import { CoinSelect, submitWalletRequest, WalletFormDialog, WalletFormFooter } from "./wallet-form-dialog";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  balances: WalletBalance[];
  coin: string;
  onCoinChange: (coin: string) => void;
  onSubmitted: () => void;
};

/**
 * What the person types, under the shared request's rules: an address of the chosen network's
 * format (the server's own check), more than the network fee, within what they have, with a code
 * when two-factor is on.
 */
function withdrawForm(options: { coin: string; network: Network | undefined; available: bigint; needsCode: boolean; t: TFunction }) {
  const { coin, network, available, needsCode, t } = options;
  const fee = network ? parseCoin(network.withdrawal_fee) : 0n;
  return z.object({
    network: z.string().min(1, msg("Choose a network")),
    amount: z
      .string()
      .trim()
      .min(1, msg("Enter the amount to withdraw"))
      .pipe(createWithdrawalRequest.shape.amount)
      .refine((amount) => parseCoin(amount) <= available, {
        message: t("You have {{amount}} {{coin}} available to withdraw.", { amount: showCoin(formatCoin(available)), coin }),
      })
      .refine((amount) => parseCoin(amount) > fee, {
        message: t("The amount must be more than the network fee of {{fee}} {{coin}}.", { fee: showCoin(formatCoin(fee)), coin }),
      }),
    address: createWithdrawalRequest.shape.address.refine((address) => !network || isValidAddress(network.address_format, address), {
      message: t("This is not a valid {{coin}} address on {{network}}. Check the address and the network.", { coin, network: network?.name ?? "" }),
    }),
    two_factor_code: needsCode
      ? z
          .string()
          .refine(stepUpCodeReady, msg("Enter the 6-digit code from your authenticator app"))
          .transform((code) => code.trim())
      : z.string(),
  });
}

/** What the address receives: the amount less the network fee, or null while the amount is not a valid one above it. */
function receiveAmount(amount: string, network: Network | undefined): string | null {
  if (!network) return null;
  try {
    const receive = parseCoin(amount) - parseCoin(network.withdrawal_fee);
    return receive > 0n ? trimDecimal(formatCoin(receive)) : null;
  } catch {
    return null;
  }
}

/** Withdrawal request: the amount leaves "available" at once and waits for an admin to send it. */
export function WithdrawDialog({ open, onOpenChange, balances, coin, onCoinChange, onSubmitted }: Props) {
  const { t } = useTranslation();
  const needsCode = useSecurityStatus().data?.two_factor_enabled === true;
  const withdraw = useCreateWithdrawalMutation();
  const attempt = useIntentKey();
  const balance = balances.find((b) => b.coin === coin);
  const available = balance ? parseCoin(balance.available) : 0n;
  const coinNetworks = (useNetworks().data ?? []).filter((n) => n.coin === coin && n.withdrawals_enabled);
  const form = useForm({
    defaultValues: { network: "", amount: "", address: "", two_factor_code: "" },
    resolver: (values, context, options) => {
      const network = coinNetworks.find((n) => n.code === values.network);
      return zodResolver(withdrawForm({ coin, network, available, needsCode, t }))(values, context, options);
    },
    // The address is checked as it is typed; other messages, the server's too, stay until the next submit.
    mode: "onTouched",
  });
  const { errors } = form.formState;
  const chosen = form.watch("network");
  const network = coinNetworks.find((n) => n.code === chosen);
  const receive = receiveAmount(form.watch("amount"), network);
  const onlyNetwork = coinNetworks.length === 1 ? coinNetworks[0]!.code : null;
  const codes = coinNetworks.map((n) => n.code).join(",");
  useEffect(() => {
    // A network of another coin (the dialog opened on one coin, then was given another) never stays
    // chosen; a coin on one network has nothing to choose.
    const current = form.getValues("network");
    if (current && codes.split(",").includes(current)) return;
    form.setValue("network", onlyNetwork ?? "");
  }, [codes, onlyNetwork, form]);

  const reset = () => {
    form.reset();
    withdraw.reset();
  };

  const onSubmit = form.handleSubmit(({ network, amount, address, two_factor_code }) => {
    const body = { coin, network, amount, address, ...(needsCode ? { two_factor_code } : {}) };
    submitWalletRequest({
      mutate: withdraw.mutate,
      attempt,
      body,
      success: ({ withdrawal }) => ({
        title: t("Withdrawal requested"),
        description: t("{{amount}} {{coin}} is on hold until an admin approves it. You can cancel until then.", {
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
        applyServerFieldErrors(err, form.setError, ["network", "amount", "address", "two_factor_code"], {
          byCode: { INSUFFICIENT_BALANCE: "amount", AMOUNT_OUT_OF_RANGE: "amount", UNKNOWN_NETWORK: "network", NETWORK_UNAVAILABLE: "network" },
        }),
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
            form.reset({ ...form.getValues(), network: "", address: "" });
            form.clearErrors();
          }}
          optionLabel={(b) => t("{{coin}} · {{amount}} available", { coin: b.coin, amount: showCoin(b.available) })}
        />

        <Field id="withdraw-network" label={t("Network")} error={shownFieldError(errors.network?.message)}>
          {(control) => (
            <Controller
              control={form.control}
              name="network"
              render={({ field }) => (
                <NativeSelect
                  {...control}
                  ref={field.ref}
                  value={field.value}
                  onChange={(e) => {
                    field.onChange(e.target.value);
                    if (form.getValues("address")) void form.trigger("address");
                  }}
                  onBlur={field.onBlur}
                >
                  <option value="" disabled>
                    {coinNetworks.length === 0 ? t("No network open for withdrawals") : t("Choose a network")}
                  </option>
                  {/* The network's code ("BEP20"), so the chosen one with its fee fits a phone's
                      width; the note under it names the network in full. */}
                  {coinNetworks.map((n) => (
                    <option key={n.code} value={n.code}>
                      {t("{{network}} · fee {{fee}} {{coin}}", { network: n.code, fee: showCoin(n.withdrawal_fee), coin })}
                    </option>
                  ))}
                </NativeSelect>
              )}
            />
          )}
        </Field>

        {network && (
          <p role="note" className="flex gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-xs">
            <TriangleAlert className="mt-px size-3.5 shrink-0 text-amber-600" aria-hidden />
            <span>
              {t("Send only to a {{coin}} address on {{network}}. Coins sent on another network are lost.", { coin, network: network.name })}
            </span>
          </p>
        )}

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
          label={
            network ? t("Destination {{coin}} address on {{network}}", { coin, network: network.code }) : t("Destination {{coin}} address", { coin })
          }
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
                  onChange={(e) => {
                    field.onChange(e.target.value.trim());
                    // Checked as typed, against the chosen network's format (EIP-55, TRON base58check).
                    if (network) void form.trigger("address");
                  }}
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

        {network && (
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-lg border p-3 text-sm">
            <dt className="text-muted-foreground">{t("Network fee")}</dt>
            <dd className="text-end font-medium tabular-nums">
              {showCoin(network.withdrawal_fee)} {coin}
            </dd>
            <dt className="text-muted-foreground">{t("You will receive")}</dt>
            <dd className="text-end font-semibold tabular-nums" data-testid="withdraw-receive">
              {receive ? `${showCoin(receive)} ${coin}` : "—"}
            </dd>
          </dl>
        )}

        <p className="flex gap-2 rounded-lg bg-muted/60 p-3 text-xs text-muted-foreground">
          <Info className="mt-px size-3.5 shrink-0" aria-hidden />
          {t(
            'The amount moves to "Withdrawing" right away. An admin approves it, then it is paid out on chain; you can cancel while it waits for approval.',
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
