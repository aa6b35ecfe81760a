import { useEffect, useId, useRef, useState } from "react";
import { Controller, useForm, useWatch, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "@/i18n/use-translation";
import { Loader2 } from "lucide-react";
import { NAIRA_SCALE, PAYMENT_PROOF_NOTE_MAX_CHARS, type Order } from "@p2p/shared";
import { translateServerText } from "@/i18n/server-text";
import { isApiError } from "@/lib/api";
import { ImagePicker } from "@/features/uploads/image-picker";
import { FormAmountInput } from "@/ui/form-amount-input";
import { Button } from "@/ui/button";
import { Field } from "@/ui/field";
import { Input } from "@/ui/input";
import { toast } from "@/ui/toast";
import { useAddPaymentProofMutation } from "./proof-mutations";

type Draft = { file: File | null; amount: string; reference: string };
const EMPTY: Draft = { file: null, amount: "", reference: "" };

/**
 * The buyer's payment-proof form (loaded when it shows: `PaymentProofsCard`). Before "I have
 * paid" (`prepareOnly`) it only holds the picked receipt, and sends it the moment the order moves
 * to payment sent; it stays mounted across that move, so the picked file is kept.
 */
export default function ProofComposer({ order, prepareOnly, hasProofs }: { order: Order; prepareOnly: boolean; hasProofs: boolean }) {
  const { t } = useTranslation();
  const add = useAddPaymentProofMutation();
  // No checks before sending: the server's refusal (of the upload or the proof) shows on the picker.
  const form = useForm<Draft>({ defaultValues: EMPTY });
  const [error, setError] = useState<string | null>(null);

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

  return (
    <ProofForm
      form={form}
      error={error}
      onChange={() => setError(null)}
      busy={add.isPending}
      prepareOnly={prepareOnly}
      hasProofs={hasProofs}
      onSubmit={(d) => void submit(d)}
    />
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
