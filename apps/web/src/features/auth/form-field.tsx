import type { ReactNode } from "react";
import { useTranslation } from "@/i18n/use-translation";
import type { TFunction } from "@p2p/shared";
import { CheckCircle2, Loader2, XCircle } from "lucide-react";
import { Label } from "@/ui/label";
import { cn } from "@/lib/cn";
import { translateServerText } from "@/i18n/server-text";
import type { FieldCheckState } from "./field-check";

export type FieldControlProps = {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby": string | undefined;
  className: string | undefined;
};

type FormFieldProps = {
  id: string;
  label: ReactNode;
  /** Something on the label's line, e.g. 'Forgot password?'. */
  aside?: ReactNode;
  /** The form's own validation message. */
  error?: string;
  /** The live availability check, when this field has one. */
  check?: FieldCheckState;
  hint?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
};

type Line = { tone: "error" | "success" | "muted"; icon?: ReactNode; text: ReactNode };

/** Error and check messages are keys (shared schema rules, the spec's texts) or the server's words: shown translated. */
const shown = (message: string | null) => message && translateServerText(message);

function messageLine(error: string | undefined, check: FieldCheckState | undefined, hint: ReactNode, t: TFunction): Line | null {
  if (check?.status === "invalid") return { tone: "error", icon: <XCircle aria-hidden />, text: shown(check.message) };
  if (check?.status === "checking") return { tone: "muted", icon: <Loader2 aria-hidden className="animate-spin" />, text: t("Checking…") };
  if (error) return { tone: "error", icon: <XCircle aria-hidden />, text: shown(error) };
  if (check?.status === "valid") return { tone: "success", icon: <CheckCircle2 aria-hidden />, text: shown(check.message) };
  if (hint) return { tone: "muted", text: hint };
  return null;
}

/** Label, control and one message line: the live check first, then the form's error, then a hint. */
export function FormField({ id, label, aside, error, check, hint, children }: FormFieldProps) {
  const { t } = useTranslation();
  const line = messageLine(error, check, hint, t);
  const messageId = `${id}-message`;
  const invalid = line?.tone === "error";
  return (
    <div className="grid gap-2">
      <div className="flex min-h-5 items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children({
        id,
        "aria-invalid": invalid,
        "aria-describedby": line ? messageId : undefined,
        className: check?.status === "valid" && !error ? "border-success/70 focus-visible:ring-success/40" : undefined,
      })}
      <p
        id={messageId}
        aria-live="polite"
        data-status={check?.status}
        className={cn(
          "flex items-start gap-1.5 text-[0.8125rem] leading-snug empty:hidden [&_svg]:mt-px [&_svg]:size-3.5 [&_svg]:shrink-0",
          line?.tone === "error" && "text-destructive",
          line?.tone === "success" && "text-success",
          line?.tone === "muted" && "text-muted-foreground",
        )}
      >
        {line && (
          <>
            {line.icon}
            <span>{line.text}</span>
          </>
        )}
      </p>
    </div>
  );
}
