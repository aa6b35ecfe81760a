import { useRef, useState } from "react";
import { ImagePlus, X } from "lucide-react";
import { useTranslation } from "@/i18n/use-translation";
import { APPEAL_EVIDENCE_MAX } from "@p2p/shared";
import { translateServerText } from "@/i18n/server-text";
import { api } from "@/lib/api";
import { Button } from "@/ui/button";
import { useObjectUrl } from "@/features/uploads/image-picker";
import { IMAGE_ACCEPT, imageFileProblem, uploadImage } from "@/features/uploads/upload-image";

/** A labelled button (translated; "Add images" by default) that opens the image chooser; several images may be picked at once (up to `room`). */
export function PickImagesButton({
  room,
  onPick,
  onProblem,
  disabled,
  label,
}: {
  room: number;
  onPick: (files: File[]) => void;
  onProblem: (message: string) => void;
  disabled?: boolean;
  label?: string;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const name = label ?? t("Add images");
  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        accept={IMAGE_ACCEPT}
        // Out of the layout and the tab order: the button below opens it.
        className="hidden"
        aria-label={name}
        disabled={disabled}
        onChange={(e) => {
          const picked = Array.from(e.target.files ?? []);
          e.target.value = "";
          const problem = picked.map(imageFileProblem).find((p) => p !== null);
          if (problem) return onProblem(problem);
          if (picked.length > room) onProblem(t("Only {{count}} more images can be added; the first {{count}} were kept.", { count: room }));
          if (picked.length > 0) onPick(picked.slice(0, room));
        }}
      />
      <Button type="button" variant="outline" size="sm" disabled={disabled || room <= 0} onClick={() => input.current?.click()}>
        <ImagePlus aria-hidden />
        {name}
      </Button>
    </>
  );
}

/** Uploads picked images and attaches them to the order's open appeal (after it was opened). */
export async function attachAppealEvidence(orderId: string, files: File[]): Promise<void> {
  if (files.length === 0) return;
  const ids: string[] = [];
  for (const file of files) ids.push((await uploadImage(file)).id);
  await api(`/api/appeals/${orderId}/evidence`, { body: { upload_ids: ids } });
}

/** The optional evidence images of the "Open an appeal" dialog: pick, preview, remove. */
export function AppealEvidenceField({ files, onChange, disabled }: { files: File[]; onChange: (files: File[]) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <div>
          <p className="text-sm font-medium">{t("Evidence (optional)")}</p>
          <p className="text-xs text-muted-foreground">
            {t("Receipts, bank statements or screenshots, up to {{max}} images.", { max: APPEAL_EVIDENCE_MAX })}
          </p>
        </div>
        {files.length < APPEAL_EVIDENCE_MAX && (
          <PickImagesButton
            room={APPEAL_EVIDENCE_MAX - files.length}
            disabled={disabled}
            onProblem={setProblem}
            onPick={(picked) => {
              setProblem(null);
              onChange([...files, ...picked]);
            }}
          />
        )}
      </div>
      {files.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t("Evidence to attach")}>
          {files.map((file, i) => (
            <PickedThumb key={`${file.name}-${i}`} file={file} disabled={disabled} onRemove={() => onChange(files.filter((_, j) => j !== i))} />
          ))}
        </ul>
      )}
      {problem && (
        <p className="text-[0.8125rem] text-destructive" role="alert">
          {translateServerText(problem)}
        </p>
      )}
    </div>
  );
}

/** A picked image not yet sent, with a button to drop it. */
export function PickedThumb({ file, onRemove, disabled, large }: { file: File; onRemove: () => void; disabled?: boolean; large?: boolean }) {
  const { t } = useTranslation();
  const url = useObjectUrl(file);
  return (
    <li className="relative">
      {url && (
        <img src={url} alt={file.name} className={large ? "size-20 rounded-md border object-cover" : "size-16 rounded-md border object-cover"} />
      )}
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label={t("Remove {{name}}", { name: file.name })}
        className="absolute -end-2 -top-2 flex size-6 items-center justify-center rounded-full border bg-background shadow-sm"
      >
        <X className="size-3.5" aria-hidden />
      </button>
    </li>
  );
}
