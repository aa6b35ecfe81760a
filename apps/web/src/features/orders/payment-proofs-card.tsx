import { useEffect, useId, useRef, useState } from "react";
import { Controller, useForm, useWatch, type UseFormReturn } from "react-hook-form";
import { Link } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "@/ui/toast";
import { Loader2, MessageCircle, ReceiptText } from "lucide-react";
import { NAIRA_SCALE, PAYMENT_PROOF_NOTE_MAX_CHARS, REALTIME_EVENTS, type Order, type OrderStatus, type PaymentProof, orderTopic } from "@p2p/shared";
import { translateServerText } from "@/i18n/server-text";
import { isApiError } from "@/lib/api";
import { useRealtimeTopic } from "@/features/realtime/realtime-context";
import { ImagePicker } from "@/features/uploads/image-picker";
import { ImageViewer } from "@/features/uploads/image-viewer";
import { UploadedImage } from "@/features/uploads/uploaded-image";
import { FormAmountInput } from "@/ui/form-amount-input";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { Field } from "@/ui/field";
import { Input } from "@/ui/input";
import { Skeleton } from "@/ui/skeleton";
import { formatAge, formatNaira } from "./format";
import { proofKeys, useAddPaymentProofMutation, usePaymentProofs } from "./proof-queries";

/** While the buyer may attach a proof (after marking paid, and during an appeal). */
const OPEN_FOR_PROOF: readonly OrderStatus[] = ["in_progress", "disputed"];

type Draft = { file: File | null; amount: string; reference: string };
const EMPTY: Draft = { file: null, amount: "", reference: "" };

/**
 * Payment proofs on the order page. The buyer attaches the transfer receipt once the payment is
 * marked as sent (or picks it beforehand: it is sent the moment "I have paid" goes through);
 * the seller and admins see every proof, each also posted in the order's chat.
 */
export function PaymentProofsCard({ order, isAdmin }: { order: Order; isAdmin: boolean }) {
  const { t } = useTranslation();
  const isBuyer = order.my_side === "buy";
  const isParty = order.my_side !== null;
  const visible = (isParty || isAdmin) && order.status !== "pending";
  const proofs = usePaymentProofs(order.id, visible);
  const qc = useQueryClient();
  const add = useAddPaymentProofMutation();
  // No checks before sending: the server's refusal (of the upload or the proof) shows on the picker.
  const form = useForm<Draft>({ defaultValues: EMPTY });
  const [error, setError] = useState<string | null>(null);

  // A proof added from elsewhere (the chat, another tab, the other party's view) shows at once.
  useRealtimeTopic(visible ? orderTopic(order.id) : null, (e) => {
    if (e.event === REALTIME_EVENTS.chatMessage && e.payload.kind === "image") {
      void qc.invalidateQueries({ queryKey: proofKeys.order(order.id) });
    }
  });

  const submit = async (d: Draft) => {
    if (!d.file) return;
    setError(null);
    try {
      await add.mutateAsync({ orderId: order.id, file: d.file, amount: d.amount || undefined, reference: d.reference.trim() || undefined });
      form.reset(EMPTY);
      toast.success(t("Payment proof sent. The seller sees it here and in the chat."));
    } catch (err) {
      setError(isApiError(err) ? translateServerText(err.message) : t("Could not attach the proof. Please try again."));
    }
  };

  // Picked before "I have paid": send it as soon as the order moves to payment sent.
  const previous = useRef(order.status);
  useEffect(() => {
    const was = previous.current;
    previous.current = order.status;
    const draft = form.getValues();
    if (was === "matched" && order.status === "in_progress" && draft.file && !add.isPending) void submit(draft);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reacts to the status moving only, not to every draft keystroke
  }, [order.status]);

  if (!visible) return null;
  const list = proofs.data ?? [];
  const canAdd = isBuyer && OPEN_FOR_PROOF.includes(order.status);
  const canPrepare = isBuyer && order.status === "matched";
  // Nothing to show: the seller before payment, or a closed order that never had a proof.
  if (order.status === "matched" && !canPrepare) return null;
  if (!canAdd && !canPrepare && !OPEN_FOR_PROOF.includes(order.status) && proofs.isSuccess && list.length === 0) return null;

  const description = isBuyer
    ? canPrepare
      ? t("Optional: pick your transfer receipt now. It is sent to the seller the moment you tap “I have paid”.")
      : t("A screenshot of your transfer receipt helps the seller find your payment, and our team if there is an appeal.")
    : isParty
      ? t("The buyer's transfer receipt. Check that the money arrived in your bank app before you confirm: a screenshot alone is not payment.")
      : t("Receipts the buyer attached to this order.");

  return (
    <Card data-testid="payment-proofs">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <ReceiptText className="size-4 text-primary" aria-hidden />
          {t("Payment proof")}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {proofs.isPending ? (
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Skeleton className="aspect-[4/3] rounded-lg" />
          </div>
        ) : proofs.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t("Could not load the proofs: {{error}}", { error: translateServerText(proofs.error.message) })}{" "}
            <button type="button" className="underline underline-offset-4" onClick={() => void proofs.refetch()}>
              {t("Try again")}
            </button>
          </p>
        ) : list.length > 0 ? (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={t("Payment proofs")}>
            {list.map((p) => (
              <ProofTile key={p.id} proof={p} />
            ))}
          </ul>
        ) : !isBuyer ? (
          <p className="text-sm text-muted-foreground">{t("The buyer has not attached a proof yet.")}</p>
        ) : null}

        {(canAdd || canPrepare) && (
          <ProofForm
            form={form}
            error={error}
            onChange={() => setError(null)}
            busy={add.isPending}
            prepareOnly={canPrepare}
            hasProofs={list.length > 0}
            onSubmit={(d) => void submit(d)}
          />
        )}

        {list.length > 0 && (
          <Link
            to={`/chat/${order.id}`}
            className="inline-flex w-fit items-center gap-1.5 text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          >
            <MessageCircle className="size-4" aria-hidden />
            {t("Also in the order chat")}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}

function ProofTile({ proof }: { proof: PaymentProof }) {
  const { t } = useTranslation();
  const details = [proof.amount ? formatNaira(proof.amount) : null, proof.reference ? t("Ref {{reference}}", { reference: proof.reference }) : null]
    .filter(Boolean)
    .join(" · ");
  return (
    <li className="min-w-0">
      <ImageViewer image={proof.image} title={t("Payment proof from {{name}}", { name: proof.uploader_username })} description={details || undefined}>
        <button
          type="button"
          className="block w-full overflow-hidden rounded-lg border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={details ? t("Open payment proof: {{details}}", { details }) : t("Open payment proof")}
        >
          <UploadedImage image={proof.image} alt={t("Payment proof")} keepRatio={false} className="aspect-[4/3] w-full" />
        </button>
      </ImageViewer>
      <div className="mt-1.5 min-w-0 text-xs">
        {details && <p className="truncate font-medium tabular">{details}</p>}
        <p className="truncate text-muted-foreground">
          {proof.uploader_username} · <time dateTime={proof.created_at}>{formatAge(proof.created_at)}</time>
        </p>
      </div>
    </li>
  );
}

type ProofFormProps = {
  form: UseFormReturn<Draft>;
  error: string | null;
  /** Any change clears the last refusal. */
  onChange: () => void;
  busy: boolean;
  prepareOnly: boolean;
  hasProofs: boolean;
  onSubmit: (draft: Draft) => void;
};

function ProofForm({ form, error, onChange, busy, prepareOnly, hasProofs, onSubmit }: ProofFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const file = useWatch({ control: form.control, name: "file" });
  return (
    <form
      className="flex flex-col gap-4 rounded-lg border bg-muted/30 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!prepareOnly) onSubmit(form.getValues());
      }}
    >
      <Controller
        control={form.control}
        name="file"
        render={({ field }) => (
          <ImagePicker
            label={hasProofs ? t("Add another receipt") : t("Receipt image")}
            file={field.value}
            onChange={(next) => {
              field.onChange(next);
              onChange();
            }}
            error={error}
            disabled={busy}
          />
        )}
      />
      {file && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={`${id}-amount`} label={t("Amount sent (optional)")}>
            {(control) => (
              <FormAmountInput
                {...control}
                control={form.control}
                name="amount"
                onEdited={onChange}
                scale={NAIRA_SCALE}
                prefix="₦"
                placeholder="0.00"
                disabled={busy}
              />
            )}
          </Field>
          <Field id={`${id}-ref`} label={t("Transfer reference (optional)")}>
            {(control) => (
              <Controller
                control={form.control}
                name="reference"
                render={({ field }) => (
                  <Input
                    {...control}
                    ref={field.ref}
                    value={field.value}
                    onChange={(e) => {
                      field.onChange(e.target.value);
                      onChange();
                    }}
                    maxLength={PAYMENT_PROOF_NOTE_MAX_CHARS}
                    autoComplete="off"
                    placeholder={t("e.g. FT2611220012")}
                    disabled={busy}
                  />
                )}
              />
            )}
          </Field>
        </div>
      )}
      {prepareOnly ? (
        file && (
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {busy ? t("Sending your proof…") : t("Ready: it is sent when you mark the order as paid.")}
          </p>
        )
      ) : (
        <Button type="submit" disabled={!file || busy} className="sm:w-fit">
          {busy && <Loader2 className="animate-spin" aria-hidden />}
          {busy ? t("Sending proof…") : t("Send proof")}
        </Button>
      )}
    </form>
  );
}
