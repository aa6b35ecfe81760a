import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { ImagePlus, X } from "lucide-react";
import { useTranslation } from "@/i18n/use-translation";
import { UPLOAD_MAX_LABEL } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { formatters, showCount } from "@/i18n/format";
import { i18n } from "@/i18n/i18n";
import { Button } from "@/ui/button";
import { IMAGE_ACCEPT, imageFileProblem } from "./upload-image";

/** A local preview URL for a picked file, released when the file changes or the view goes away. */
export function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

const sizeLabel = (bytes: number) =>
  bytes >= 1024 * 1024
    ? i18n.t("{{size}} MB", { size: formatters().oneDecimal.format(bytes / 1024 / 1024) })
    : i18n.t("{{size}} KB", { size: showCount(Math.max(1, Math.round(bytes / 1024))) });

type PickerProps = {
  file: File | null;
  /** Called with a file that passed the local checks (type and size), or null when removed. */
  onChange: (file: File | null) => void;
  /** Already translated, like `hint`; the hint defaults to the accepted types and size. */
  label: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
  /** An error from the upload itself (shown under the field). */
  error?: string | null;
  className?: string;
};

/**
 * A form field to pick one image (PNG, JPEG or WebP up to 5 MB), preview it and change or
 * remove it before submitting. Upload on submit with `uploadImage` (or `useUploadImage`).
 */
export function ImagePicker({ file, onChange, label, hint, disabled, error, className }: PickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useObjectUrl(file);
  const shown = problem ?? error ?? null;

  const pick = (picked: File | undefined) => {
    if (!picked) return;
    const why = imageFileProblem(picked);
    setProblem(why);
    if (!why) onChange(picked);
  };

  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        className="sr-only"
        disabled={disabled}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          pick(e.target.files?.[0]);
          e.target.value = "";
        }}
      />
      {file && preview ? (
        <div className="flex items-center gap-3 rounded-lg border p-2">
          <img src={preview} alt={t("Selected image")} className="size-16 shrink-0 rounded-md bg-muted object-cover" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium">{file.name}</p>
            <p className="text-xs text-muted-foreground tabular">{sizeLabel(file.size)}</p>
          </div>
          <Button type="button" variant="ghost" size="sm" className="h-10 sm:h-8" disabled={disabled} onClick={() => input.current?.click()}>
            {t("Change")}
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-10 sm:size-8"
            disabled={disabled}
            aria-label={t("Remove image")}
            onClick={() => {
              setProblem(null);
              onChange(null);
            }}
          >
            <X aria-hidden />
          </Button>
        </div>
      ) : (
        <button
          type="button"
          disabled={disabled}
          onClick={() => input.current?.click()}
          className="flex flex-col items-center justify-center gap-1 rounded-lg border border-dashed px-4 py-5 text-sm text-muted-foreground transition-colors hover:border-primary/60 hover:bg-accent/40 hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
        >
          <ImagePlus className="size-5" aria-hidden />
          <span className="font-medium text-foreground">{t("Choose an image")}</span>
        </button>
      )}
      <p id={`${id}-hint`} className={cn("text-xs", shown ? "text-destructive" : "text-muted-foreground")} role={shown ? "alert" : undefined}>
        {shown ?? hint ?? t("PNG, JPEG or WebP, up to {{max}}.", { max: UPLOAD_MAX_LABEL })}
      </p>
    </div>
  );
}

type PickButtonProps = {
  onPick: (file: File) => void;
  /** A picked file that fails the local checks. */
  onProblem: (message: string) => void;
  disabled?: boolean;
  /** Already translated; "Attach an image" when not given. */
  label?: string;
  className?: string;
};

/** An icon button that opens the image chooser (e.g. beside a chat composer). */
export function ImagePickButton({ onPick, onProblem, disabled, label: givenLabel, className }: PickButtonProps) {
  const { t } = useTranslation();
  const label = givenLabel ?? t("Attach an image");
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={IMAGE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label={label}
        disabled={disabled}
        onChange={(e) => {
          const picked = e.target.files?.[0];
          e.target.value = "";
          if (!picked) return;
          const why = imageFileProblem(picked);
          if (why) onProblem(why);
          else onPick(picked);
        }}
      />
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className={cn("size-10 shrink-0", className)}
        disabled={disabled}
        aria-label={label}
        onClick={() => input.current?.click()}
      >
        <ImagePlus aria-hidden />
      </Button>
    </>
  );
}
