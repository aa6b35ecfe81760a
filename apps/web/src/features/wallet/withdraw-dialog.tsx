import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Info } from "lucide-react";
import { COIN_SCALE, createWithdrawalRequest, formatCoin, parseCoin, type WalletBalance } from "@p2p/shared";
import { AmountInput } from "@/ui/amount-input";
import { Button } from "@/ui/button";
import { Field } from "@/ui/field";
import { Input } from "@/ui/input";
import { showCoin } from "@/i18n/format";
import { translateServerText } from "@/i18n/server-text";
import { useIntentKey } from "@/lib/idempotency";
import { useSecurityStatus } from "@/features/auth/queries";
import { StepUpCodeField, stepUpCodeReady } from "@/features/auth/step-up-code-field";
import { issuesByField } from "./form-issues";
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

function unitsOrNull(text: string): bigint | null {
  try {
    return parseCoin(text);
  } catch {
    return null;
  }
}

/** Withdrawal request: the amount leaves "available" at once and waits for an admin to send it. */
export function WithdrawDialog({ open, onOpenChange, balances, coin, onCoinChange, onSubmitted }: Props) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState("");
  const [address, setAddress] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const needsCode = useSecurityStatus().data?.two_factor_enabled === true;
  const withdraw = useCreateWithdrawalMutation();
  const attempt = useIntentKey();
  const balance = balances.find((b) => b.coin === coin);
  const available = balance ? parseCoin(balance.available) : 0n;

  const reset = () => {
    setAmount("");
    setAddress("");
    setCode("");
    setErrors({});
    withdraw.reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createWithdrawalRequest.safeParse({ coin, amount, address });
    const found = parsed.success ? {} : issuesByField(parsed.error);
    if (!amount.trim()) found.amount = t("Enter the amount to withdraw");
    if (needsCode && !stepUpCodeReady(code)) found.two_factor_code = t("Enter the 6-digit code from your authenticator app");
    const units = unitsOrNull(amount);
    if (!found.amount && units !== null && units > available) {
      found.amount = t("You have {{amount}} {{coin}} available to withdraw.", { amount: showCoin(formatCoin(available)), coin });
    }
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;

    const body = { coin, amount: parsed.data.amount, address: parsed.data.address, ...(needsCode ? { two_factor_code: code.trim() } : {}) };
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
      refusal: { code: "INSUFFICIENT_BALANCE", field: "amount" },
      setErrors,
    });
  };

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
            setErrors({});
          }}
          optionLabel={(b) => t("{{coin}} · {{amount}} available", { coin: b.coin, amount: showCoin(b.available) })}
        />

        <Field
          id="withdraw-amount"
          label={t("Amount")}
          error={errors.amount}
          hint={t("Available: {{amount}} {{coin}}", { amount: showCoin(formatCoin(available)), coin })}
          aside={
            <Button
              type="button"
              variant="link"
              size="sm"
              className="h-auto min-h-8 p-0"
              disabled={available === 0n}
              onClick={() => setAmount(formatCoin(available).replace(/\.?0+$/, ""))}
            >
              {t("Use max")}
            </Button>
          }
        >
          {(control) => <AmountInput {...control} value={amount} onValueChange={setAmount} scale={COIN_SCALE} suffix={coin} placeholder="0.00" />}
        </Field>

        <Field
          id="withdraw-address"
          label={t("Destination {{coin}} address", { coin })}
          error={errors.address}
          hint={t("Double-check it: coins sent to a wrong address cannot be recovered.")}
        >
          {(control) => (
            <Input
              {...control}
              value={address}
              onChange={(e) => setAddress(e.target.value.trim())}
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              placeholder={t("Paste the address")}
            />
          )}
        </Field>

        {needsCode && (
          <StepUpCodeField
            id="withdraw-code"
            value={code}
            onChange={(value) => {
              setCode(value);
              setErrors(({ two_factor_code: _, ...rest }) => rest);
            }}
            error={errors.two_factor_code}
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
