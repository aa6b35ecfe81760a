import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Clock, Loader2, RotateCw, SendHorizontal, Trash2, X } from "lucide-react";
import { useTranslation } from "@/i18n/use-translation";
import { CHAT_MESSAGE_MAX_CHARS, type ImageRef } from "@p2p/shared";
import { ImagePickButton, useObjectUrl } from "@/features/uploads/image-picker";
import { ImageViewer } from "@/features/uploads/image-viewer";
import { UploadedImage } from "@/features/uploads/uploaded-image";
import { showDate, showTime } from "@/i18n/format";
import { translateServerText } from "@/i18n/server-text";
import { cn } from "@/lib/cn";
import { Button } from "@/ui/button";
import { Textarea } from "@/ui/textarea";

/**
 * One line of any chat (order, merchant group, support), already reduced to what the view needs;
 * texts arrive translated (a system line's text is the server's, through translateServerText).
 */
export type ChatLine = {
  id: string;
  kind: "text" | "system";
  mine: boolean;
  sender: string | null;
  text: string;
  /** An image the message carries (shown as a thumbnail that opens larger). */
  image?: Pick<ImageRef, "url" | "width" | "height"> | null;
  created_at: string;
  /** A message of the caller's still in the device's outbox: not on the server yet. */
  queued?: QueuedLine;
};

export type QueuedLine = {
  /** The server's refusal (English, as it sent it); absent while the message just waits to go out. */
  refusal?: string;
  onRetry: () => void;
  onDiscard: () => void;
};

type ChatViewProps = {
  header?: ReactNode;
  lines: ChatLine[];
  loading?: boolean;
  error?: ReactNode;
  hasMore?: boolean;
  loadingOlder?: boolean;
  onLoadOlder?: () => void;
  /** Resolves when sent; rejects to keep the draft. */
  onSend?: (text: string) => Promise<unknown>;
  /** When set, the composer can attach one image (with optional text). Resolves when sent. */
  onSendImage?: (file: File, text: string) => Promise<unknown>;
  /** A picked file that failed the local checks (wrong type, too large). */
  onImageProblem?: (message: string) => void;
  onTyping?: () => void;
  /** The newest visible message id, reported so the caller can mark it read. */
  onSeen?: (lastId: string) => void;
  typing?: string | null;
  /** The id of the caller's own message the other side has read up to. */
  seenId?: string | null;
  /** Why sending is off (read only, closed session…); hides the composer when set. */
  readOnly?: ReactNode;
  /** Shown in an empty chat (translated); "No messages yet. Say hello." by default. */
  emptyText?: string;
  showSenders?: boolean;
};

/** A phone-first chat: header, scrolling history (older pages above), composer pinned at the bottom. */
export function ChatView({
  header,
  lines,
  loading,
  error,
  hasMore,
  loadingOlder,
  onLoadOlder,
  onSend,
  onSendImage,
  onImageProblem,
  onTyping,
  onSeen,
  typing,
  seenId,
  readOnly,
  emptyText,
  showSenders = true,
}: ChatViewProps) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const preview = useObjectUrl(file);
  const firstId = lines[0]?.id;
  const lastId = lines.at(-1)?.id;
  // What the server has: queued lines are neither "seen" nor reported as read.
  const lastDeliveredId = lines.findLast((l) => !l.queued)?.id;
  const prevFirst = useRef<string | undefined>(undefined);
  const prevHeight = useRef(0);
  const stick = useRef(true);

  // Keep the view at the bottom for new messages, and in place when older ones are added above.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (prevFirst.current && firstId !== prevFirst.current && prevHeight.current) {
      el.scrollTop += el.scrollHeight - prevHeight.current;
    } else if (stick.current) {
      el.scrollTop = el.scrollHeight;
    }
    prevFirst.current = firstId;
    prevHeight.current = el.scrollHeight;
  }, [firstId, lastId, lines.length, typing]);

  useEffect(() => {
    if (lastDeliveredId && document.visibilityState === "visible") onSeen?.(lastDeliveredId);
  }, [lastDeliveredId, onSeen]);
  useEffect(() => {
    const onVisible = () => {
      if (lastDeliveredId && document.visibilityState === "visible") onSeen?.(lastDeliveredId);
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [lastDeliveredId, onSeen]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    prevHeight.current = el.scrollHeight;
    if (el.scrollTop < 60 && hasMore && !loadingOlder) onLoadOlder?.();
  };

  const trimmed = draft.trim();
  const tooLong = Array.from(draft).length > CHAT_MESSAGE_MAX_CHARS;
  const canSend = (!!trimmed || !!file) && !tooLong && !sending;
  // The composer empties as a message goes, so the next one can be typed while it is on its way
  // (emptied when the answer came, it wiped what was typed meanwhile). A refused message comes
  // back into an empty composer; the caller toasts why.
  const send = async () => {
    if (!onSend || !canSend) return;
    const [text, image] = [trimmed, file];
    setSending(true);
    setDraft("");
    setFile(null);
    try {
      stick.current = true;
      if (image && onSendImage) await onSendImage(image, text);
      else await onSend(text);
    } catch {
      setDraft((typed) => typed || text);
      setFile((picked) => picked ?? image);
    } finally {
      setSending(false);
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  const lastMine = lines.findLast((l) => l.mine && l.kind === "text" && !l.queued);
  const seenIndex = seenId ? lines.findIndex((l) => l.id === seenId) : -1;
  const lastMineIndex = lastMine ? lines.indexOf(lastMine) : -1;
  const showSeen = lastMine && seenIndex >= lastMineIndex && lastMineIndex >= 0;

  return (
    <div className="-mx-4 -mt-6 flex h-[calc(100dvh-4rem-1rem)] flex-col sm:-mx-6 md:mx-auto md:mt-0 md:h-[calc(100dvh-4rem-6rem)] md:max-w-3xl md:rounded-xl md:border">
      {header && <div className="shrink-0 border-b bg-background px-4 py-3">{header}</div>}
      <div
        ref={scroller}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4 sm:px-4"
        role="log"
        aria-live="polite"
        aria-label={t("Messages")}
      >
        {hasMore && (
          <div className="mb-3 flex justify-center">
            <Button variant="ghost" size="sm" onClick={onLoadOlder} disabled={loadingOlder}>
              {loadingOlder && <Loader2 className="animate-spin" aria-hidden />}
              {t("Load earlier messages")}
            </Button>
          </div>
        )}
        {loading ? (
          <div className="flex h-full items-center justify-center text-muted-foreground">
            <Loader2 className="size-5 animate-spin" aria-label={t("Loading messages")} />
          </div>
        ) : error ? (
          <div className="flex h-full items-center justify-center px-6 text-center text-sm text-muted-foreground">{error}</div>
        ) : lines.length === 0 ? (
          <div className="flex h-full items-center justify-center px-6 text-center text-sm text-muted-foreground">
            {emptyText ?? t("No messages yet. Say hello.")}
          </div>
        ) : (
          <ol className="flex flex-col gap-1.5">
            {lines.map((line, i) => {
              const prev = lines[i - 1];
              const newDay = !prev || showDate(prev.created_at) !== showDate(line.created_at);
              const grouped =
                prev && !newDay && prev.kind === "text" && line.kind === "text" && prev.mine === line.mine && prev.sender === line.sender;
              return (
                <li key={line.id} className="flex flex-col">
                  {newDay && (
                    <p className="my-2 text-center text-[0.6875rem] font-medium uppercase tracking-wide text-muted-foreground">
                      {showDate(line.created_at)}
                    </p>
                  )}
                  {line.kind === "system" ? (
                    <p className="mx-auto my-1 max-w-[90%] whitespace-pre-wrap break-words rounded-full bg-muted px-3 py-1 text-center text-xs text-muted-foreground">
                      {line.text}
                      <span className="ms-1.5 tabular">{showTime(line.created_at)}</span>
                    </p>
                  ) : (
                    <div
                      className={cn("flex max-w-[82%] flex-col", line.mine ? "items-end self-end" : "items-start self-start", !grouped && "mt-1.5")}
                    >
                      {showSenders && !line.mine && !grouped && line.sender && (
                        <span className="mb-0.5 px-1 text-xs font-medium text-muted-foreground">{line.sender}</span>
                      )}
                      <div
                        className={cn(
                          "whitespace-pre-wrap break-words rounded-2xl text-sm leading-relaxed [overflow-wrap:anywhere]",
                          line.image ? "overflow-hidden p-1" : "px-3 py-2",
                          line.mine ? "rounded-ee-md bg-primary text-primary-foreground" : "rounded-es-md bg-muted text-foreground",
                          line.queued && "opacity-70",
                        )}
                      >
                        {line.image && (
                          <ImageViewer
                            image={line.image}
                            title={line.text || (line.sender ? t("Photo from {{name}}", { name: line.sender }) : t("Photo"))}
                          >
                            <button
                              type="button"
                              className="block overflow-hidden rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                              aria-label={line.text ? t("Open photo: {{caption}}", { caption: line.text }) : t("Open photo")}
                            >
                              <UploadedImage image={line.image} alt={line.text || t("Photo")} className="block max-h-64 w-56 max-w-full sm:w-64" />
                            </button>
                          </ImageViewer>
                        )}
                        {line.text && <p className={cn(line.image && "px-2 pt-1 pb-1")}>{line.text}</p>}
                      </div>
                      {line.queued ? (
                        <QueuedStatus queued={line.queued} />
                      ) : (
                        <span className="mt-0.5 px-1 text-[0.6875rem] text-muted-foreground tabular">
                          {showSeen && line.id === lastMine?.id
                            ? t("{{time}} · Seen", { time: showTime(line.created_at) })
                            : showTime(line.created_at)}
                        </span>
                      )}
                    </div>
                  )}
                </li>
              );
            })}
          </ol>
        )}
        {typing && <p className="mt-2 px-1 text-xs italic text-muted-foreground">{typing}</p>}
      </div>
      {readOnly ? (
        <div className="shrink-0 border-t bg-muted/40 px-4 py-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] text-center text-sm text-muted-foreground">
          {readOnly}
        </div>
      ) : onSend ? (
        <form
          className="shrink-0 border-t bg-background px-3 pt-2 pb-[calc(0.5rem+env(safe-area-inset-bottom))] sm:px-4"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          {file && preview && (
            <div className="mb-2 flex items-center gap-3 rounded-lg border bg-muted/40 p-1.5 pe-2">
              <img src={preview} alt={t("Image to send")} className="size-12 shrink-0 rounded-md object-cover" />
              <p className="min-w-0 flex-1 truncate text-xs text-muted-foreground">{file.name}</p>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={t("Remove image")}
                disabled={sending}
                onClick={() => setFile(null)}
              >
                <X aria-hidden />
              </Button>
            </div>
          )}
          <div className="flex items-end gap-2">
            {onSendImage && (
              <ImagePickButton disabled={sending} className="-ms-1" onPick={setFile} onProblem={(message) => onImageProblem?.(message)} />
            )}
            <label htmlFor="chat-input" className="sr-only">
              {t("Message")}
            </label>
            <Textarea
              id="chat-input"
              rows={1}
              value={draft}
              onChange={(e) => {
                setDraft(e.target.value);
                if (e.target.value) onTyping?.();
              }}
              onKeyDown={onKeyDown}
              placeholder={file ? t("Add a caption (optional)") : t("Type a message")}
              aria-invalid={tooLong || undefined}
              className="max-h-32 min-h-10 resize-none py-2"
            />
            <Button type="submit" size="icon" className="size-10 shrink-0" disabled={!canSend} aria-label={t("Send")}>
              {sending ? <Loader2 className="animate-spin" aria-hidden /> : <SendHorizontal className="rtl:rotate-180" aria-hidden />}
            </Button>
          </div>
          {Array.from(draft).length > CHAT_MESSAGE_MAX_CHARS - 200 && (
            <p className={cn("mt-1 text-end text-xs tabular", tooLong ? "text-destructive" : "text-muted-foreground")}>
              {Array.from(draft).length}/{CHAT_MESSAGE_MAX_CHARS}
            </p>
          )}
        </form>
      ) : null}
    </div>
  );
}

/** Under a message still on the device: why it is there, and a retry (and discard) within thumb's reach. */
function QueuedStatus({ queued }: { queued: QueuedLine }) {
  const { t } = useTranslation();
  return (
    <span className="mt-1 flex max-w-full flex-col items-end text-xs">
      <span className={cn("inline-flex items-start gap-1 px-1", queued.refusal ? "text-destructive" : "text-muted-foreground")} role="status">
        <Clock className="mt-px size-3.5 shrink-0" aria-hidden />
        {queued.refusal ? t("Not sent: {{reason}}", { reason: translateServerText(queued.refusal) }) : t("Waiting to send")}
      </span>
      <span className="flex">
        <Button type="button" variant="ghost" size="sm" className="h-11 px-3 text-primary" onClick={queued.onRetry}>
          <RotateCw aria-hidden />
          {t("Retry")}
        </Button>
        <Button type="button" variant="ghost" size="sm" className="h-11 px-3 text-muted-foreground" onClick={queued.onDiscard}>
          <Trash2 aria-hidden />
          {t("Discard")}
        </Button>
      </span>
    </span>
  );
}
