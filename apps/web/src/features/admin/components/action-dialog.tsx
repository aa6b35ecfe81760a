import { useId, useState, type FormEvent, type ReactNode } from "react";
import { AlertCircle, Loader2 } from "lucide-react";
import { toast } from "@/ui/toast";
import { useTranslation } from "react-i18next";
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
  const [value, setValue] = useState(field?.initialValue ?? "");
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const trimmed = value.trim();
  const problem = field && trimmed !== "" ? field.validate?.(trimmed) : null;
  const localError = field ? (trimmed === "" ? t("{{field}} is required.", { field: field.label }) : problem ? t(problem) : null) : null;
  const shownError = (touched && localError) || serverError;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (localError || pending) return;
    setPending(true);
    setServerError(null);
    try {
      const success = await onConfirm(trimmed, intent.keyFor(trimmed));
      intent.succeeded();
      toast.success(success.title, { description: success.description });
      onOpenChange(false);
    } catch (err) {
      const message = err instanceof Error ? translateServerText(err.message) : t("Something went wrong. Please try again.");
      setServerError(message);
      toast.error(t("{{action}} failed", { action: title }), { description: message });
    } finally {
      setPending(false);
    }
  };

  const Control = field?.kind === "textarea" ? Textarea : Input;

  return (
    <DialogContent onInteractOutside={(e) => pending && e.preventDefault()} onEscapeKeyDown={(e) => pending && e.preventDefault()}>
      <form onSubmit={submit} noValidate className="grid gap-4">
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
              value={value}
              autoFocus
              maxLength={field.maxLength}
              placeholder={field.placeholder}
              aria-invalid={Boolean(shownError) || undefined}
              aria-describedby={`${fieldId}-hint ${fieldId}-error`}
              className={field.monospace ? "font-mono text-sm md:text-sm" : undefined}
              onChange={(e) => {
                setValue(e.target.value);
                setServerError(null);
              }}
              onBlur={() => setTouched(true)}
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
