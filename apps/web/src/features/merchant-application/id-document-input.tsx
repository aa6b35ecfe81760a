import { useRef, useState } from "react";
import { useTranslation } from "@/i18n/use-translation";
import { FileImage, Upload, X } from "lucide-react";
import { ID_DOCUMENT_MAX_BYTES, ID_DOCUMENT_MAX_LABEL, ID_DOCUMENT_TYPES, msg } from "@p2p/shared";
import { Button } from "@/ui/button";
import type { FieldControl } from "@/ui/field";

const TYPES: readonly string[] = ID_DOCUMENT_TYPES;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.readAsDataURL(file);
  });
}

/**
 * A photo of the ID document, kept as a data URL in the form. Size and type are checked here for
 * a quick answer; the server checks the bytes themselves.
 */
export function IdDocumentInput({
  control,
  value,
  onChange,
  onError,
}: {
  control: FieldControl;
  value: string;
  onChange: (dataUrl: string) => void;
  onError: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    // The server's own words for these (the shared schema's), so the form shows one translation of each.
    if (!TYPES.includes(file.type)) return onError("The ID document must be a PNG, JPEG or WebP image");
    if (file.size > ID_DOCUMENT_MAX_BYTES) return onError(`The ID document image can be at most ${ID_DOCUMENT_MAX_LABEL}`);
    try {
      onChange(await readAsDataUrl(file));
      setName(file.name);
      onError(null);
    } catch {
      onError(msg("We couldn't read that file. Try another photo."));
    }
  };

  return (
    <div className="grid gap-3">
      <input
        ref={input}
        {...control}
        type="file"
        accept={ID_DOCUMENT_TYPES.join(",")}
        className="sr-only"
        onChange={(e) => {
          void choose(e.target.files?.[0]);
          e.target.value = "";
        }}
      />
      {value ? (
        <div className="flex items-center gap-3 rounded-lg border p-3">
          <img src={value} alt={t("Your ID document")} className="size-16 shrink-0 rounded-md border object-cover" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium">{name ?? t("ID document")}</p>
            <p className="text-xs text-muted-foreground">{t("Only admins reviewing your application can see it.")}</p>
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t("Remove the ID document")}
            onClick={() => {
              onChange("");
              setName(null);
            }}
          >
            <X aria-hidden />
          </Button>
        </div>
      ) : (
        <button
          type="button"
          onClick={() => input.current?.click()}
          className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground transition-colors hover:border-primary hover:bg-primary/5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <FileImage className="size-6" aria-hidden />
          <span className="font-medium text-foreground">{t("Choose a photo of your ID")}</span>
          <span>
            {t("National ID, driver's licence, voter's card or passport · PNG, JPEG or WebP, up to {{max}}", { max: ID_DOCUMENT_MAX_LABEL })}
          </span>
        </button>
      )}
      {value && (
        <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => input.current?.click()}>
          <Upload aria-hidden />
          {t("Choose another photo")}
        </Button>
      )}
    </div>
  );
}
