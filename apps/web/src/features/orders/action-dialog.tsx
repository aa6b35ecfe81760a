import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { AlertTriangle, Loader2 } from "lucide-react";
import { toast } from "@/ui/toast";
import { useTranslation } from "@/i18n/use-translation";
import { z } from "zod";
import { cancelOrderRequest, openAppealRequest, STATUS_NOTICES, type Order } from "@p2p/shared";
import { i18n } from "@/i18n/i18n";
import { translateServerText } from "@/i18n/server-text";
import { isApiError } from "@/lib/api";
import { applyServerFieldErrors, shownFieldError } from "@/lib/form-errors";
import { answerUnknown, useIntentKey } from "@/lib/idempotency";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { Label } from "@/ui/label";
import { useSecurityStatus } from "@/features/auth/queries";
import { StepUpCodeField, stepUpCodeReady } from "@/features/auth/step-up-code-field";
import { Textarea } from "@/ui/textarea";
import {
  useAcceptOrderMutation,
  useCancelOrderMutation,
  useConfirmPaymentMutation,
  useMarkPaidMutation,
  useOpenAppealMutation,
  useWithdrawAppealMutation,
} from "./mutations";
import type { DialogAction } from "./order-view";
import type { Viewer } from "./viewer";
import { AppealEvidenceField, attachAppealEvidence } from "@/features/appeals/appeal-evidence-field";
import { showCoin, showNaira } from "@/i18n/format";

/** The actions that open a dialog here (admins resolve appeals in the admin panel). */

type Copy = {
  title: string;
  description: string;
  confirm: string;
  done: string;
  destructive?: boolean;
  /** The dismiss button's label. */
  dismiss?: string;
  /** A warning the person must read; with `acknowledge`, a box they must tick before confirming. */
  warning?: string;
  /** The warning is about money leaving for good: shown in amber, not grey. */
  strongWarning?: boolean;
  acknowledge?: string;
  reason?: { label: string; placeholder: string; required: boolean };
};

type Words = { coins: string; naira: string; other: string; account: string };

function copyFor(action: DialogAction, order: Order, viewer: Viewer, w: Words): Copy {
  const t = i18n.t;
  switch (action) {
    case "accept":
      return {
        title: t("Accept this order?"),
        description:
          viewer.side === "buy" ? t("You buy {{coins}} for {{naira}} with {{other}}.", w) : t("You sell {{coins}} for {{naira}} with {{other}}.", w),
        warning:
          viewer.side === "sell"
            ? t("{{coins}} will be locked from your available balance in escrow until the trade ends.", w)
            : t("You'll need to send {{naira}} to the seller's account before the payment time runs out.", w),
        confirm: t("Accept order"),
        done: t("Order accepted"),
      };
    case "mark_paid":
      return {
        title: t("Have you sent the payment?"),
        description: t("Only continue if you have already transferred {{naira}} to {{account}}.", w),
        warning: t("Marking an order as paid without paying is fraud: the seller will appeal and your account can be suspended."),
        strongWarning: true,
        acknowledge: t("I have sent {{naira}} from a bank account in my own name.", w),
        confirm: t("Yes, I have paid"),
        done: t("Payment marked as sent. The seller will check and release your coins."),
      };
    case "confirm_payment":
      return {
        title: t("Release {{coins}} to {{other}}?", w),
        description: t("Open your bank app first and check that {{naira}} has arrived in {{account}}.", w),
        warning: t(
          "Don't rely on screenshots, SMS or email alerts: they can be faked. Releasing is final; the coins go to the buyer at once and cannot be taken back.",
        ),
        strongWarning: true,
        acknowledge: t("I checked my bank app and {{naira}} from the buyer is in my account.", w),
        confirm: t("Release coins"),
        done: t("Coins released. The trade is complete."),
      };
    case "cancel": {
      const matched = order.accepted_at !== null;
      return {
        title: t("Cancel this order?"),
        description: matched
          ? t("The trade stops and the coins in escrow go back to the seller.")
          : order.escrow_locked
            ? t("No naira has moved yet. The coins locked for this order go back to the seller.")
            : t("No money has moved yet."),
        warning: matched
          ? t("Only cancel if you have NOT sent any money. If you already paid, close this and tap “I have paid” instead.")
          : undefined,
        reason: { label: t("Reason (optional)"), placeholder: t("Tell the other party why you're cancelling"), required: false },
        confirm: t("Cancel order"),
        done: t("Order cancelled"),
        destructive: true,
        dismiss: t("Keep order"),
      };
    }
    case "open_appeal":
      return {
        title: t("Open an appeal"),
        description: t(
          "An admin reviews the trade and the order chat, then releases the coins to the buyer or returns them to the seller. The order pauses until then.",
        ),
        reason: {
          label: t("What went wrong?"),
          placeholder: t("E.g. I paid ₦… at 14:05 from GTBank but the seller hasn't released."),
          required: true,
        },
        confirm: t("Open appeal"),
        done: t("Appeal opened. Our team will review it."),
      };
    case "withdraw_appeal":
      return {
        title: t("Withdraw your appeal?"),
        description: t("The trade goes back to in progress and the seller gets a fresh window to confirm the payment."),
        confirm: t("Withdraw appeal"),
        done: t("Appeal withdrawn"),
      };
  }
}

/** The dialog's inputs: the reason under the shared request's rule (the appeal's or the cancel's), when the action asks for one. */
function actionForm(reason: Copy["reason"]) {
  return z.object({
    reason: !reason ? z.string() : reason.required ? openAppealRequest.shape.reason : cancelOrderRequest.shape.reason.unwrap(),
    acknowledged: z.boolean(),
    two_factor_code: z.string(),
    evidence: z.array(z.instanceof(File)),
  });
}

type ActionDialogProps = { action: DialogAction | null; order: Order; viewer: Viewer; onClose: () => void };

/** Confirms one money-moving action; one Idempotency-Key per intent (lib/idempotency.ts). */
export function ActionDialog({ action, order, viewer, onClose }: ActionDialogProps) {
  return (
    <Dialog open={action !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{action && <ActionForm key={action} action={action} order={order} viewer={viewer} onClose={onClose} />}</DialogContent>
    </Dialog>
  );
}

type Attempt = { orderId: string; idempotencyKey: string; reason?: string; twoFactorCode?: string };

/** One send function per action over the mutations of mutations.ts, and whether any is in flight. */
function useActionSender(action: DialogAction) {
  const accept = useAcceptOrderMutation();
  const markPaid = useMarkPaidMutation();
  const confirmPayment = useConfirmPaymentMutation();
  const cancel = useCancelOrderMutation();
  const openAppeal = useOpenAppealMutation();
  const withdrawAppeal = useWithdrawAppealMutation();
  const send: Record<DialogAction, (attempt: Attempt) => Promise<unknown>> = {
    accept: (a) => accept.mutateAsync(a),
    mark_paid: (a) => markPaid.mutateAsync(a),
    confirm_payment: (a) => confirmPayment.mutateAsync(a),
    cancel: (a) => cancel.mutateAsync(a),
    open_appeal: (a) => openAppeal.mutateAsync({ ...a, reason: a.reason ?? "" }),
    withdraw_appeal: (a) => withdrawAppeal.mutateAsync(a),
  };
  const pending = [accept, markPaid, confirmPayment, cancel, openAppeal, withdrawAppeal].some((m) => m.isPending);
  return { send: send[action], pending };
}

function ActionForm({ action, order, viewer, onClose }: { action: DialogAction; order: Order; viewer: Viewer; onClose: () => void }) {
  const { t } = useTranslation();
  const ids = useId();
  const details = order.payment_details;
  const copy = copyFor(action, order, viewer, {
    coins: `${showCoin(order.coin_amount)} ${order.coin}`,
    naira: showNaira(order.naira_amount),
    other: viewer.counterparty?.username ?? t("the other party"),
    account: details ? `${details.account_name}, ${details.bank_name} ${details.account_number}` : t("the seller's account"),
  });
  const { send, pending } = useActionSender(action);
  const intent = useIntentKey();
  const form = useForm({
    resolver: zodResolver(actionForm(copy.reason)),
    defaultValues: { reason: "", acknowledged: false, two_factor_code: "", evidence: [] },
    // A message, the server's too, stays until the next submit or until its field is retyped.
    reValidateMode: "onSubmit",
  });
  const { errors } = form.formState;
  const [acknowledged, code] = useWatch({ control: form.control, name: ["acknowledged", "two_factor_code"] });
  const security = useSecurityStatus();
  const needsCode = action === "confirm_payment" && security.data?.two_factor_enabled === true;
  const [networkError, setNetworkError] = useState<string | null>(null);

  // The other party may move first (the page polls): then this action is gone, so say so and close.
  const submitted = useRef(false);
  const stillAllowed = order.allowed_actions.includes(action);
  useEffect(() => {
    if (!stillAllowed && !submitted.current) {
      toast.info(t("This order just changed"), { description: translateServerText(STATUS_NOTICES[order.status]) });
      onClose();
    }
  }, [stillAllowed, order.status, onClose, t]);

  const submit = form.handleSubmit(async (values) => {
    if (pending) return;
    setNetworkError(null);
    submitted.current = true;
    try {
      const inputs = { reason: values.reason || undefined, twoFactorCode: needsCode ? values.two_factor_code.trim() : undefined };
      await send({ orderId: order.id, idempotencyKey: intent.keyFor(inputs), ...inputs });
      intent.answered();
      toast.success(copy.done);
      if (action === "open_appeal" && values.evidence.length > 0) {
        await attachAppealEvidence(order.id, values.evidence).catch((err: Error) =>
          toast.error(t("The appeal is open, but the images were not attached"), {
            description: t("{{error}} Add them from the Appeals page.", { error: translateServerText(err.message) }),
          }),
        );
      }
      onClose();
    } catch (err) {
      submitted.current = false;
      intent.answered(err);
      if (answerUnknown(err)) {
        setNetworkError(translateServerText((err as Error).message));
        return;
      }
      if (isApiError(err, "INVALID_TWO_FACTOR_CODE") || isApiError(err, "TWO_FACTOR_REQUIRED")) {
        // Asked for or refused the code: nothing moved; let them type the next one.
        form.setValue("two_factor_code", "");
        applyServerFieldErrors(err, form.setError, [], { otherwise: "two_factor_code" });
        if (!needsCode) void security.refetch();
        return;
      }
      if (isApiError(err, "VALIDATION_FAILED") && copy.reason) {
        applyServerFieldErrors(err, form.setError, ["reason"], { otherwise: "reason" });
        return;
      }
      toast.error(t("That didn't go through"), { description: translateServerText((err as Error).message) });
      onClose();
    }
  });

  const blocked = (copy.acknowledge !== undefined && !acknowledged) || (needsCode && !stepUpCodeReady(code)) || pending;
  const reasonError = shownFieldError(errors.reason?.message);

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>{copy.title}</DialogTitle>
        <DialogDescription>{copy.description}</DialogDescription>
      </DialogHeader>

      {copy.warning && <Warning tone={copy.strongWarning ? "strong" : "soft"}>{copy.warning}</Warning>}

      {copy.reason && (
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-reason`}>{copy.reason.label}</Label>
          <Textarea
            id={`${ids}-reason`}
            {...form.register("reason", { onChange: () => form.clearErrors("reason") })}
            placeholder={copy.reason.placeholder}
            maxLength={copy.reason.required ? 2000 : 500}
            aria-invalid={reasonError !== undefined}
            aria-describedby={reasonError ? `${ids}-reason-error` : undefined}
            required={copy.reason.required}
            autoFocus
          />
          {reasonError && (
            <p id={`${ids}-reason-error`} className="text-[0.8125rem] text-destructive">
              {reasonError}
            </p>
          )}
        </div>
      )}

      {action === "open_appeal" && (
        <Controller
          control={form.control}
          name="evidence"
          render={({ field }) => <AppealEvidenceField files={field.value} onChange={field.onChange} disabled={pending} />}
        />
      )}

      {copy.acknowledge && (
        <label className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5">
          <input type="checkbox" {...form.register("acknowledged")} className="mt-0.5 size-4 shrink-0 accent-[var(--primary)]" />
          <span>{copy.acknowledge}</span>
        </label>
      )}

      {needsCode && (
        <Controller
          control={form.control}
          name="two_factor_code"
          render={({ field }) => (
            <StepUpCodeField
              id={`${ids}-code`}
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

      {networkError && (
        <p role="alert" className="rounded-lg bg-destructive/10 p-3 text-sm text-destructive">
          {t("{{error}} Trying again is safe: it won't be applied twice.", { error: networkError })}
        </p>
      )}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
          {copy.dismiss ?? t("Go back")}
        </Button>
        <Button type="submit" variant={copy.destructive ? "destructive" : "default"} disabled={blocked}>
          {pending && <Loader2 className="animate-spin" />}
          {networkError ? t("Try again") : copy.confirm}
        </Button>
      </DialogFooter>
    </form>
  );
}

function Warning({ tone, children }: { tone: "strong" | "soft"; children: ReactNode }) {
  return (
    <p
      className={
        tone === "strong"
          ? "flex gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-900 dark:text-amber-100"
          : "flex gap-2 rounded-lg bg-muted p-3 text-sm"
      }
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden />
      <span>{children}</span>
    </p>
  );
}
