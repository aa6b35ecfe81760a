import { useState } from "react";
import { ImagePlus, Loader2, Upload } from "lucide-react";
import { APPEAL_EVIDENCE_MAX } from "@p2p/shared";
import { toast } from "@/ui/toast";
import { useTranslation } from "@/i18n/use-translation";
import { translateServerText } from "@/i18n/server-text";
import { PickedThumb, PickImagesButton } from "./appeal-evidence-field";
import { Button } from "@/ui/button";
import { useAddEvidenceMutation } from "./mutations";

/** Pick up to the images still allowed, preview them, and attach them to the open appeal. */
export function EvidenceUploader({ orderId, already }: { orderId: string; already: number }) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const add = useAddEvidenceMutation();
  const room = APPEAL_EVIDENCE_MAX - already - files.length;

  if (already >= APPEAL_EVIDENCE_MAX) {
    return <p className="text-sm text-muted-foreground">{t("This appeal holds the most images it can ({{max}}).", { max: APPEAL_EVIDENCE_MAX })}</p>;
  }

  const submit = () =>
    add.mutate(
      { orderId, files },
      {
        onSuccess: () => {
          toast.success(t("{{count}} images added to the appeal", { count: files.length }));
          setFiles([]);
          setProblem(null);
        },
        onError: (error) => setProblem(error.message),
      },
    );

  return (
    <div className="flex flex-col gap-3 rounded-lg border border-dashed p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="text-sm font-medium">{t("Add evidence")}</p>
          <p className="text-xs text-muted-foreground">
            {t("Bank statements, transfer receipts or screenshots of the chat. Up to {{max}} images per appeal.", { max: APPEAL_EVIDENCE_MAX })}
          </p>
        </div>
        {room > 0 && (
          <PickImagesButton
            room={room}
            disabled={add.isPending}
            onProblem={setProblem}
            onPick={(picked) => {
              setProblem(null);
              setFiles((current) => [...current, ...picked]);
            }}
          />
        )}
      </div>
      {files.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t("Images to attach")}>
          {files.map((file, i) => (
            <PickedThumb
              large
              key={`${file.name}-${i}`}
              file={file}
              onRemove={() => setFiles((current) => current.filter((_, j) => j !== i))}
              disabled={add.isPending}
            />
          ))}
        </ul>
      )}
      {problem && (
        <p className="text-sm text-destructive" role="alert">
          {translateServerText(problem)}
        </p>
      )}
      {files.length > 0 && (
        <Button size="sm" className="self-end" onClick={submit} disabled={add.isPending}>
          {add.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Upload aria-hidden />}
          {t("Attach {{count}} images", { count: files.length })}
        </Button>
      )}
      {files.length === 0 && !problem && room > 0 && (
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <ImagePlus className="size-3.5" aria-hidden />
          {t("Nothing chosen yet.")}
        </p>
      )}
    </div>
  );
}
