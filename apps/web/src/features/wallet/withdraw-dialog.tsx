import { useState, type FormEvent } from "react";
import { Info, Loader2 } from "lucide-react";
import { toast } from "sonner";
import { COIN_SCALE, createWithdrawalRequest, formatCoin, parseCoin, type WalletBalance } from "@p2p/shared";
import { isApiError } from "@/lib/api";
import { AmountInput } from "@/ui/amount-input";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { Field } from "@/ui/field";
import { Input } from "@/ui/input";
import { NativeSelect } from "@/ui/select";
import { showCoin } from "@/features/coins/format";
import { issuesByField } from "./form-issues";
import { useIdempotencyKey } from "./idempotency";
import { useCreateWithdrawalMutation } from "./mutations";

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
  const [amount, setAmount] = useState("");
  const [address, setAddress] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const withdraw = useCreateWithdrawalMutation();
  const attempt = useIdempotencyKey();
  const balance = balances.find((b) => b.coin === coin);
  const available = balance ? parseCoin(balance.available) : 0n;

  const reset = () => {
    setAmount("");
    setAddress("");
    setErrors({});
    withdraw.reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createWithdrawalRequest.safeParse({ coin, amount, address });
    const found = parsed.success ? {} : issuesByField(parsed.error);
    if (!amount.trim()) found.amount = "Enter the amount to withdraw";
    const units = unitsOrNull(amount);
    if (!found.amount && units !== null && units > available) {
      found.amount = `You have ${showCoin(formatCoin(available))} ${coin} available to withdraw.`;
    }
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;

    const body = { coin, amount: parsed.data.amount, address: parsed.data.address };
    withdraw.mutate(
      { body, idempotencyKey: attempt.keyFor(body) },
      {
        onSuccess: ({ withdrawal }) => {
          attempt.settle();
          toast.success("Withdrawal requested", {
            description: `${showCoin(withdrawal.amount)} ${withdrawal.coin} is on hold while our team sends it. You can cancel until then.`,
          });
          reset();
          onOpenChange(false);
          onSubmitted();
        },
        onError: (err) => {
          attempt.settle(err);
          if (isApiError(err, "INSUFFICIENT_BALANCE")) setErrors({ amount: err.message });
          else if (isApiError(err) && err.fields) setErrors(err.fields);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent className="grid-cols-1">
        <DialogHeader>
          <DialogTitle>Withdraw {coin}</DialogTitle>
          <DialogDescription>Send coins from your NaijaP2P wallet to an address you control.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid min-w-0 grid-cols-1 gap-4">
          <div className="grid gap-2">
            <label htmlFor="withdraw-coin" className="text-sm font-medium">
              Coin
            </label>
            <NativeSelect
              id="withdraw-coin"
              value={coin}
              onChange={(e) => {
                onCoinChange(e.target.value);
                setErrors({});
              }}
            >
              {balances.map((b) => (
                <option key={b.coin} value={b.coin}>
                  {b.coin} · {showCoin(b.available)} available
                </option>
              ))}
            </NativeSelect>
          </div>

          <Field
            id="withdraw-amount"
            label="Amount"
            error={errors.amount}
            hint={`Available: ${showCoin(formatCoin(available))} ${coin}`}
            aside={
              <Button type="button" variant="link" size="sm" className="h-auto p-0" disabled={available === 0n} onClick={() => setAmount(formatCoin(available).replace(/\.?0+$/, ""))}>
                Use max
              </Button>
            }
          >
            {(control) => <AmountInput {...control} value={amount} onValueChange={setAmount} scale={COIN_SCALE} suffix={coin} placeholder="0.00" />}
          </Field>

          <Field id="withdraw-address" label={`Destination ${coin} address`} error={errors.address} hint="Double-check it: coins sent to a wrong address cannot be recovered.">
            {(control) => (
              <Input {...control} value={address} onChange={(e) => setAddress(e.target.value.trim())} autoComplete="off" spellCheck={false} className="font-mono" placeholder="Paste the address" />
            )}
          </Field>

          <p className="flex gap-2 rounded-lg bg-muted/60 p-3 text-xs text-muted-foreground">
            <Info className="mt-px size-3.5 shrink-0" aria-hidden />
            The amount moves to "Withdrawing" right away. Our team sends it and records the transaction hash; you can cancel while it is still pending.
          </p>

          {withdraw.isError && !errors.amount && !errors.address && (
            <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {withdraw.error.message}
            </p>
          )}

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={withdraw.isPending || available === 0n}>
              {withdraw.isPending && <Loader2 className="animate-spin" />}
              {available === 0n ? `No ${coin} to withdraw` : "Request withdrawal"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
