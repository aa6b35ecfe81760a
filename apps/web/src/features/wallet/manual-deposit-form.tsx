import { useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "@/i18n/use-translation";
import { z } from "zod";
import { COIN_SCALE, createDepositRequest, fillTemplate, isValidAddress, msg, parseCoin, trimDecimal, WALLET_TEXTS, type Network } from "@p2p/shared";
import { FormAmountInput } from "@/ui/form-amount-input";
import { Field, type FieldControl } from "@/ui/field";
import { Input } from "@/ui/input";
import { showCoin } from "@/i18n/format";
import { translateServerText } from "@/i18n/server-text";
import { applyServerFieldErrors, shownFieldError } from "@/lib/form-errors";
import { useIntentKey } from "@/lib/idempotency";
import { useCreateDepositMutation } from "./mutations";
import { submitWalletRequest, WalletFormFooter } from "./wallet-form-dialog";

const FIELDS = ["amount", "sender_address", "tx_hash"] as const;

/** What the person types, under the shared request's rules and the network's: its minimum and its address format. */
function manualDepositForm(network: Network) {
  const names = { coin: network.coin, network: network.name };
  return z.object({
    amount: z
      .string()
      .trim()
      .min(1, msg("Enter the amount you sent"))
      .pipe(createDepositRequest.shape.amount)
      .refine(
        (amount) => parseCoin(amount) >= parseCoin(network.min_deposit),
        fillTemplate(WALLET_TEXTS.belowMinimumDeposit, { ...names, min: trimDecimal(network.min_deposit) }),
      ),
    sender_address: z
      .string()
      .trim()
      .min(1, msg("Enter the address you sent from"))
      .refine((address) => isValidAddress(network.address_format, address), fillTemplate(WALLET_TEXTS.senderAddressInvalid, names)),
    tx_hash: z.string().trim().min(1, msg("Enter the transaction hash")).pipe(createDepositRequest.shape.tx_hash),
  });
}

/** A manual network's deposit, told after sending: the amount, the address it came from and the hash; an admin confirms it. */
export function ManualDepositForm({ network, onCancel, onSubmitted }: { network: Network; onCancel: () => void; onSubmitted: () => void }) {
  const { t } = useTranslation();
  const schema = useMemo(() => manualDepositForm(network), [network]);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { amount: "", sender_address: "", tx_hash: "" },
    // A message, the server's too, stays until the next submit.
    reValidateMode: "onSubmit",
  });
  const { errors } = form.formState;
  const deposit = useCreateDepositMutation();
  const attempt = useIntentKey();

  const onSubmit = form.handleSubmit((values) => {
    const body = { coin: network.coin, network: network.code, ...values };
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
        form.reset();
        deposit.reset();
        onSubmitted();
      },
      onRefused: (err) => applyServerFieldErrors(err, form.setError, FIELDS, { byCode: { DUPLICATE_TX_HASH: "tx_hash" } }),
    });
  });

  const textInput = (name: "sender_address" | "tx_hash", placeholder: string) => (control: FieldControl) => (
    <Controller
      control={form.control}
      name={name}
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
          placeholder={placeholder}
        />
      )}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid min-w-0 grid-cols-1 gap-4">
      <h3 className="text-sm font-semibold">{t("After sending, tell us about the transfer")}</h3>
      <Field id="deposit-amount" label={t("Amount sent")} error={shownFieldError(errors.amount?.message)}>
        {(control) => (
          <FormAmountInput {...control} control={form.control} name="amount" scale={COIN_SCALE} suffix={network.coin} placeholder="0.00" />
        )}
      </Field>
      <Field
        id="deposit-sender"
        label={t("Sent from (your address)")}
        error={shownFieldError(errors.sender_address?.message)}
        hint={t("The {{network}} address in your wallet that sent the coins.", { network: network.name })}
      >
        {textInput("sender_address", network.address_format === "tron" ? "T…" : network.address_format === "evm" ? "0x…" : "")}
      </Field>
      <Field
        id="deposit-hash"
        label={t("Transaction hash")}
        error={shownFieldError(errors.tx_hash?.message)}
        hint={t("Copy it from your wallet or the block explorer after sending.")}
      >
        {textInput("tx_hash", t("e.g. 9f2c…"))}
      </Field>
      <WalletFormFooter
        error={deposit.isError && !FIELDS.some((f) => errors[f]) ? translateServerText(deposit.error.message) : null}
        pending={deposit.isPending}
        onCancel={onCancel}
      >
        {t("Submit deposit")}
      </WalletFormFooter>
    </form>
  );
}
