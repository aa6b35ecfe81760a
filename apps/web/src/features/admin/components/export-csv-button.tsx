import { useState } from "react";
import { useTranslation } from "@/i18n/use-translation";
import { Download, LoaderCircle } from "lucide-react";
import { exportPath, type ExportKind } from "@p2p/shared";
import { Button } from "@/ui/button";
import { toast } from "@/ui/toast";
import { apiDownload } from "@/lib/api";
import { translateServerText } from "@/i18n/server-text";

/**
 * Downloads a section's list as CSV with the filters applied now (empty ones left out). Each
 * download is written in the audit log, and an admin has 30 an hour.
 */
export function ExportCsvButton({
  kind,
  filters,
  label,
}: {
  kind: ExportKind;
  filters: Record<string, string | undefined>;
  /** The button's text when "Export CSV" alone would not say what it downloads. */
  label?: string;
}) {
  const { t } = useTranslation();
  const text = label ?? t("Export CSV");
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      await apiDownload(exportPath(kind, filters), `${kind}.csv`);
    } catch (err) {
      const message = err instanceof Error ? translateServerText(err.message) : t("Something went wrong. Please try again.");
      toast.error(t("Export failed"), { description: message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="outline"
      size="sm"
      className={label ? "h-11 sm:h-8" : "max-sm:size-10 max-sm:px-0"}
      onClick={() => void download()}
      disabled={busy}
      aria-label={text}
    >
      {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <Download aria-hidden />}
      <span className={label ? undefined : "hidden sm:inline"}>{text}</span>
    </Button>
  );
}
