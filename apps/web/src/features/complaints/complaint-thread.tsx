import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowRightLeft, Loader2, Lock, Send } from "lucide-react";
import { useTranslation } from "@/i18n/use-translation";
import { Trans } from "@/i18n/trans";
import { z } from "zod";
import { COMPLAINT_STATUS_LABELS, msg, type ComplaintDetail, type ComplaintThreadEntry } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { isApiError } from "@/lib/api";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { translateServerText } from "@/i18n/server-text";
import { Button } from "@/ui/button";
import { Label } from "@/ui/label";
import { Textarea } from "@/ui/textarea";
import { categoryLabel, ComplaintStatusBadge, formatWhen, PriorityBadge } from "./parts";

const MESSAGE_MAX = 5000;

/**
 * A complaint as a conversation: the filed message, then follow-ups, admin replies and status
 * changes in order. `side` is who is reading: their own messages sit on the right.
 */
export function ComplaintThread({
  detail,
  side,
  onSend,
  sending,
  showHeader = true,
}: {
  detail: ComplaintDetail;
  side: "user" | "admin";
  onSend: (message: string) => Promise<unknown>;
  sending: boolean;
  showHeader?: boolean;
}) {
  const { t } = useTranslation();
  const { complaint, thread } = detail;
  return (
    <div className="flex flex-col gap-4">
      {showHeader && (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <ComplaintStatusBadge status={complaint.status} />
            <PriorityBadge priority={complaint.priority} />
            <span className="text-xs text-muted-foreground">{categoryLabel(complaint.category)}</span>
          </div>
          <h3 className="break-words text-base font-semibold">{complaint.subject}</h3>
        </div>
      )}
      <ol className="flex flex-col gap-3" aria-label={t("Conversation")}>
        <Bubble
          mine={side === "user"}
          who={side === "user" ? t("You") : complaint.user.username}
          at={complaint.created_at}
          text={complaint.message}
          tone="user"
        />
        {thread.map((entry) =>
          entry.kind === "status" ? (
            <StatusLine key={entry.id} entry={entry} />
          ) : (
            <Bubble
              key={entry.id}
              mine={entry.author_type === side}
              who={
                entry.author_type === "admin"
                  ? side === "admin"
                    ? (entry.author ?? t("Admin"))
                    : t("Support team")
                  : side === "user"
                    ? t("You")
                    : (entry.author ?? t("User"))
              }
              at={entry.created_at}
              text={entry.message}
              tone={entry.author_type}
            />
          ),
        )}
      </ol>
      {detail.can_reply ? (
        <Composer side={side} onSend={onSend} sending={sending} />
      ) : (
        <p className="flex items-center gap-2 rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground">
          <Lock className="size-4 shrink-0" aria-hidden />
          {side === "user"
            ? t("This complaint is closed. If you still need help, submit a new complaint.")
            : t("This complaint is closed; no more replies can be added.")}
        </p>
      )}
    </div>
  );
}

function Bubble({ mine, who, at, text, tone }: { mine: boolean; who: string; at: string; text: string; tone: "user" | "admin" }) {
  return (
    <li className={cn("flex flex-col gap-1", mine ? "items-end" : "items-start")}>
      <div
        className={cn(
          "max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2.5 text-sm",
          mine ? "rounded-ee-md bg-primary text-primary-foreground" : "rounded-es-md border bg-muted/60",
          tone === "admin" && !mine && "border-primary/30 bg-primary/5",
        )}
      >
        {text}
      </div>
      <span className="px-1 text-xs text-muted-foreground">
        {who} · <time dateTime={at}>{formatWhen(at)}</time>
      </span>
    </li>
  );
}

function StatusLine({ entry }: { entry: ComplaintThreadEntry }) {
  const { t } = useTranslation();
  const label = entry.status ? t(COMPLAINT_STATUS_LABELS[entry.status]) : "";
  return (
    <li className="flex flex-col items-center gap-1.5 py-1 text-center">
      <span className="inline-flex items-center gap-1.5 rounded-full border bg-background px-3 py-1 text-xs text-muted-foreground">
        <ArrowRightLeft className="size-3" aria-hidden />
        <Trans
          i18nKey="Status changed to <b>{{status}}</b> · {{date}}"
          values={{ status: label, date: formatWhen(entry.created_at) }}
          components={{ b: <span className="font-medium text-foreground" /> }}
        />
      </span>
      {entry.message && <p className="max-w-[85%] whitespace-pre-wrap break-words text-sm text-muted-foreground">“{entry.message}”</p>}
    </li>
  );
}

/** The thread's message, trimmed; the server keeps its own rule (complaintMessageRequest) and says so on the field. */
const composerSchema = z.object({ message: z.string().trim().min(1, msg("Write a message first.")) });

function Composer({ side, onSend, sending }: { side: "user" | "admin"; onSend: (message: string) => Promise<unknown>; sending: boolean }) {
  const { t } = useTranslation();
  const form = useForm({ resolver: zodResolver(composerSchema), defaultValues: { message: "" } });
  const error = form.formState.errors.message?.message;
  const id = side === "user" ? "complaint-follow-up" : "complaint-reply";
  const submit = form.handleSubmit(async ({ message }) => {
    try {
      await onSend(message);
      form.reset();
    } catch (err) {
      // The server's message for the field when it names one, else its refusal, shown in the same place.
      const refusal = err instanceof Error ? err.message : msg("Could not send. Please try again.");
      if (isApiError(err) && err.fields?.message) applyServerFieldErrors(err, form.setError, ["message"]);
      // i18n-ignore: "message" names the field; the refusal is the server's text or a key, shown through translateServerText()
      else form.setError("message", { type: "server", message: refusal });
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-2">
      <Label htmlFor={id}>{side === "user" ? t("Add a follow-up") : t("Reply to the user")}</Label>
      <Textarea
        id={id}
        {...form.register("message")}
        maxLength={MESSAGE_MAX}
        rows={3}
        placeholder={
          side === "user" ? t("Add details, a transaction reference, or ask for an update.") : t("Your reply is sent to the user as a notification.")
        }
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive" role="alert">
          {translateServerText(error)}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={sending}>
          {sending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
          {side === "user" ? t("Send follow-up") : t("Send reply")}
        </Button>
      </div>
    </form>
  );
}
