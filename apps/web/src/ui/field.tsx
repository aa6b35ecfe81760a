import type { ReactNode } from "react";
import { AlertCircle } from "lucide-react";
import { Label } from "@/ui/label";

export type FieldControl = { id: string; "aria-invalid": boolean; "aria-describedby": string | undefined };

type FieldProps = {
  id: string;
  label: ReactNode;
  /** Something on the label's line, e.g. a "Max" button or a counter. */
  aside?: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: (control: FieldControl) => ReactNode;
};

/** Label, control and one message line (the error, else the hint), wired for screen readers. */
export function Field({ id, label, aside, error, hint, children }: FieldProps) {
  const messageId = `${id}-message`;
  const hasLine = Boolean(error || hint);
  return (
    <div className="grid min-w-0 grid-cols-1 gap-2">
      <div className="flex min-h-5 items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": hasLine ? messageId : undefined })}
      {hasLine && (
        <p
          id={messageId}
          aria-live="polite"
          className={
            error
              ? "flex items-start gap-1.5 text-[0.8125rem] leading-snug text-destructive [&_svg]:mt-px [&_svg]:size-3.5 [&_svg]:shrink-0"
              : "text-[0.8125rem] leading-snug text-muted-foreground"
          }
        >
          {error ? (
            <>
              <AlertCircle aria-hidden />
              <span>{error}</span>
            </>
          ) : (
            hint
          )}
        </p>
      )}
    </div>
  );
}
