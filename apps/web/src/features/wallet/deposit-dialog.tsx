import { useState, type FormEvent } from "react";
import { AlertTriangle, Loader2 } from "lucide-react";
import { toast } from "sonner";
import { COIN_SCALE, createDepositRequest, type WalletBalance } from "@p2p/shared";
import { isApiError } from "@/lib/api";
import { AmountInput } from "@/ui/amount-input";
import { Button } from "@/ui/button";
import { CoinLogo } from "@/ui/coin-logo";
import { CopyButton } from "@/ui/copy-button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { EmptyState } from "@/ui/empty-state";
import { Field } from "@/ui/field";
import { Input } from "@/ui/input";
import { NativeSelect } from "@/ui/select";
import { showCoin } from "@/features/coins/format";
import { issuesByField } from "./form-issues";
import { useIdempotencyKey } from "./idempotency";
import { useCreateDepositMutation } from "./mutations";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  balances: WalletBalance[];
  coin: string;
  onCoinChange: (coin: string) => void;
  onSubmitted: () => void;
};

/**
 * Deposit in two steps (DESIGN §2): send coins to the platform's address for the coin, then give
 * the amount and the transaction hash; an admin confirms it and the coins become available.
 */
export function DepositDialog({ open, onOpenChange, balances, coin, onCoinChange, onSubmitted }: Props) {
  const [amount, setAmount] = useState("");
  const [txHash, setTxHash] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const deposit = useCreateDepositMutation();
  const attempt = useIdempotencyKey();
  const balance = balances.find((b) => b.coin === coin);

  const reset = () => {
    setAmount("");
    setTxHash("");
    setErrors({});
    deposit.reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createDepositRequest.safeParse({ coin, amount, tx_hash: txHash });
    if (!parsed.success) {
      const found = issuesByField(parsed.error);
      if (!amount.trim()) found.amount = "Enter the amount you sent";
      if (!txHash.trim()) found.tx_hash = "Enter the transaction hash";
      setErrors(found);
      return;
    }
    setErrors({});
    const body = { coin, amount: parsed.data.amount, tx_hash: parsed.data.tx_hash };
    deposit.mutate(
      { body, idempotencyKey: attempt.keyFor(body) },
      {
        onSuccess: ({ deposit: created }) => {
          attempt.settle();
          toast.success("Deposit submitted", {
            description: `We'll credit ${showCoin(created.amount)} ${created.coin} once an admin confirms the transaction.`,
          });
          reset();
          onOpenChange(false);
          onSubmitted();
        },
        onError: (err) => {
          attempt.settle(err);
          if (isApiError(err, "DUPLICATE_TX_HASH")) setErrors({ tx_hash: err.message });
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
          <DialogTitle>Deposit {coin}</DialogTitle>
          <DialogDescription>Send coins to NaijaP2P, then tell us the transaction so we can credit you.</DialogDescription>
        </DialogHeader>

        <div className="grid gap-2">
          <label htmlFor="deposit-coin" className="text-sm font-medium">
            Coin
          </label>
          <NativeSelect id="deposit-coin" value={coin} onChange={(e) => onCoinChange(e.target.value)}>
            {balances.map((b) => (
              <option key={b.coin} value={b.coin}>
                {b.coin} · {b.name}
              </option>
            ))}
          </NativeSelect>
        </div>

        {!balance?.deposit_address ? (
          <EmptyState
            className="rounded-lg border border-dashed"
            icon={<AlertTriangle />}
            title={`Deposits of ${coin} are not open yet`}
            description="Our team has not set up a deposit address for this coin. Please choose another coin or check back later."
          />
        ) : (
          <form onSubmit={onSubmit} noValidate className="grid min-w-0 grid-cols-1 gap-4">
            <section aria-labelledby="deposit-step-1" className="grid gap-3 rounded-lg border bg-muted/40 p-4">
              <h3 id="deposit-step-1" className="flex items-center gap-2 text-sm font-semibold">
                <StepNumber n={1} />
                Send {coin} to this address
              </h3>
              <div className="flex items-start gap-3">
                <CoinLogo coin={coin} className="mt-0.5 size-8" />
                <p className="min-w-0 flex-1 break-all font-mono text-sm" data-testid="deposit-address">
                  {balance.deposit_address}
                </p>
              </div>
              <CopyButton value={balance.deposit_address} label={`${coin} deposit address`} showText className="justify-self-start" />
              <p className="flex gap-2 text-xs text-amber-700 dark:text-amber-300">
                <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden />
                Send only {coin} to this address. Other coins sent here cannot be recovered.
              </p>
            </section>

            <section aria-labelledby="deposit-step-2" className="grid gap-4">
              <h3 id="deposit-step-2" className="flex items-center gap-2 text-sm font-semibold">
                <StepNumber n={2} />
                Tell us what you sent
              </h3>
              <Field id="deposit-amount" label="Amount sent" error={errors.amount}>
                {(control) => (
                  <AmountInput {...control} value={amount} onValueChange={setAmount} scale={COIN_SCALE} suffix={coin} placeholder="0.00" />
                )}
              </Field>
              <Field
                id="deposit-hash"
                label="Transaction hash"
                error={errors.tx_hash}
                hint="Copy it from your wallet or the block explorer after sending."
              >
                {(control) => (
                  <Input
                    {...control}
                    value={txHash}
                    onChange={(e) => setTxHash(e.target.value.trim())}
                    autoComplete="off"
                    spellCheck={false}
                    className="font-mono"
                    placeholder="e.g. 9f2c…"
                  />
                )}
              </Field>
            </section>

            {deposit.isError && !errors.amount && !errors.tx_hash && (
              <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive">
                {deposit.error.message}
              </p>
            )}

            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={deposit.isPending}>
                {deposit.isPending && <Loader2 className="animate-spin" />}
                Submit deposit
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

function StepNumber({ n }: { n: number }) {
  return (
    <span className="inline-flex size-5 items-center justify-center rounded-full bg-primary text-[0.6875rem] font-bold text-primary-foreground" aria-hidden>
      {n}
    </span>
  );
}
