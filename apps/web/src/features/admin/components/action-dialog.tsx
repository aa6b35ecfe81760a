import { useId, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { AlertCircle, Loader2 } from "lucide-react";
import { toast } from "@/ui/toast";
import { useTranslation } from "@/i18n/use-translation";
import type { TFunction } from "@p2p/shared";
import { z } from "zod";
import { translateServerText } from "@/i18n/server-text";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { Input } from "@/ui/input";
import { Label } from "@/ui/label";
import { Textarea } from "@/ui/textarea";
import { useIntentKey } from "@/lib/idempotency";

/** Texts are already translated, except `validate`'s answer: an English key (a shared schema's message). */
export type ActionField = {
  kind: "textarea" | "input";
  label: string;
  placeholder?: string;
  hint?: ReactNode;
  /** A message (a translation key) when the value cannot be sent; the server still has the last word. */
  validate?: (value: string) => string | null;
  monospace?: boolean;
  initialValue?: string;
  maxLength?: number;
};

export type ActionDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** What the action touches, shown above the field (amounts, people, hashes). */
  summary?: ReactNode;
  field?: ActionField;
  confirmLabel: string;
  tone?: "default" | "destructive";
  /** Runs the action; resolves with the success toast. The key is the intent's (lib/idempotency.ts): the same for every retry of this value. */
  onConfirm: (value: string, idempotencyKey: string) => Promise<{ title: string; description?: string }>;
};

/** The field's rules, its messages translated: required, then the caller's own check of the trimmed value. */
function formSchema(field: ActionField | undefined, t: TFunction) {
  if (!field) return z.object({ value: z.string().trim() });
  return z.object({
    value: z
      .string()
      .trim()
      .min(1, t("{{field}} is required.", { field: field.label }))
      .superRefine((value, ctx) => {
        const problem = value && field.validate?.(value);
        if (problem) ctx.addIssue({ code: "custom", message: t(problem) });
      }),
  });
}

/**
 * The one confirmation step every admin action goes through: what will happen, an optional
 * required reason or hash, and the server's own message when it refuses (inline and as a toast).
 */
export function ActionDialog(props: ActionDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      {/* Remounted per opening: a fresh value, error and idempotency key each time. */}
      {props.open && <ActionDialogBody {...props} />}
    </Dialog>
  );
}

function ActionDialogBody({ onOpenChange, title, description, summary, field, confirmLabel, tone = "default", onConfirm }: ActionDialogProps) {
  const { t } = useTranslation();
  const fieldId = useId();
  const intent = useIntentKey();
  // Checked once the field is left or the form is sent, then at every change: no error while it is first typed.
  const form = useForm({ resolver: zodResolver(formSchema(field, t)), mode: "onTouched", defaultValues: { value: field?.initialValue ?? "" } });
  const { errors, isSubmitting: pending } = form.formState;
  const shownError = errors.value?.message ?? errors.root?.server?.message;

  const submit = form.handleSubmit(async ({ value }) => {
    try {
      const success = await onConfirm(value, intent.keyFor(value));
      intent.answered();
      toast.success(success.title, { description: success.description });
      onOpenChange(false);
    } catch (err) {
      intent.answered(err);
      const message = err instanceof Error ? translateServerText(err.message) : t("Something went wrong. Please try again.");
      // On the field when there is one (a change clears it), else on the form until the next try.
      form.setError(field ? "value" : "root.server", { type: "server", message });
      toast.error(t("{{action}} failed", { action: title }), { description: message });
    }
  });

  const Control = field?.kind === "textarea" ? Textarea : Input;

  return (
    <DialogContent onInteractOutside={(e) => pending && e.preventDefault()} onEscapeKeyDown={(e) => pending && e.preventDefault()}>
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {summary && <div className="rounded-lg border bg-muted/40 p-3 text-sm">{summary}</div>}
        {field && (
          <div className="grid gap-2">
            <Label htmlFor={fieldId}>
              {field.label} <span className="text-destructive">*</span>
            </Label>
            <Control
              id={fieldId}
              {...form.register("value")}
              autoFocus
              maxLength={field.maxLength}
              placeholder={field.placeholder}
              aria-invalid={Boolean(shownError) || undefined}
              aria-describedby={`${fieldId}-hint ${fieldId}-error`}
              className={field.monospace ? "font-mono text-sm md:text-sm" : undefined}
            />
            {field.hint && (
              <p id={`${fieldId}-hint`} className="text-xs text-muted-foreground">
                {field.hint}
              </p>
            )}
          </div>
        )}
        {shownError && (
          <p id={`${fieldId}-error`} role="alert" className="flex items-start gap-2 text-sm text-destructive">
            <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
            {shownError}
          </p>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" className="h-11 sm:h-10" onClick={() => onOpenChange(false)} disabled={pending}>
            {t("Cancel")}
          </Button>
          <Button type="submit" variant={tone === "destructive" ? "destructive" : "default"} className="h-11 sm:h-10" disabled={pending}>
            {pending && <Loader2 className="animate-spin" aria-hidden />}
            {confirmLabel}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
