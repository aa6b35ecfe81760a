import type { ReactNode } from "react";
import { useTranslation } from "@/i18n/use-translation";
import { Loader2 } from "lucide-react";
import { toast } from "@/ui/toast";
import type { WalletBalance } from "@p2p/shared";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { NativeSelect } from "@/ui/select";
import type { IntentKeys } from "@/lib/idempotency";

/** The dialog a wallet request is made in; closing it clears the form through `onReset`. */
export function WalletFormDialog({
  open,
  onOpenChange,
  onReset,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReset: () => void;
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onReset();
        onOpenChange(next);
      }}
    >
      <DialogContent className="grid-cols-1">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** The coin the request is for, picked from the user's balances. */
export function CoinSelect({
  id,
  coin,
  balances,
  onChange,
  optionLabel,
}: {
  id: string;
  coin: string;
  balances: WalletBalance[];
  onChange: (coin: string) => void;
  optionLabel: (balance: WalletBalance) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {t("Coin")}
      </label>
      <NativeSelect id={id} value={coin} onChange={(e) => onChange(e.target.value)}>
        {balances.map((b) => (
          <option key={b.coin} value={b.coin}>
            {optionLabel(b)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** The server's refusal when no field shows it, then Cancel and the submit button. */
export function WalletFormFooter({
  error,
  pending,
  disabled,
  onCancel,
  children,
}: {
  /** The message to show (already translated), or null when a field already shows the problem. */
  error: string | null;
  pending: boolean;
  disabled?: boolean;
  onCancel: () => void;
  /** The submit button's label. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {error !== null && (
        <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {error}
        </p>
      )}

      <DialogFooter>
        <Button type="button" variant="outline" className="h-11 sm:h-10" onClick={onCancel}>
          {t("Cancel")}
        </Button>
        <Button type="submit" className="h-11 min-w-0 sm:h-10" disabled={pending || disabled}>
          {pending && <Loader2 className="animate-spin" />}
          {children}
        </Button>
      </DialogFooter>
    </>
  );
}

/**
 * Sends a wallet request under its intent's idempotency key. On success: the toast, then `onDone`
 * (clear and close); on failure `onRefused` puts the server's message where it belongs.
 */
export function submitWalletRequest<B, R>({
  mutate,
  attempt,
  body,
  success,
  onDone,
  onRefused,
}: {
  mutate: (variables: { body: B; idempotencyKey: string }, options: { onSuccess: (result: R) => void; onError: (err: Error) => void }) => void;
  attempt: IntentKeys;
  body: B;
  success: (result: R) => { title: string; description: string };
  onDone: () => void;
  onRefused: (err: Error) => void;
}) {
  mutate(
    { body, idempotencyKey: attempt.keyFor(body) },
    {
      onSuccess: (result) => {
        attempt.answered();
        const { title, description } = success(result);
        toast.success(title, { description });
        onDone();
      },
      onError: (err) => {
        attempt.answered(err);
        onRefused(err);
      },
    },
  );
}
