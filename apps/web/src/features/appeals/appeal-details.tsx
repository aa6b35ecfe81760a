import { Link } from "react-router";
import { ArrowUpRight, FileImage, Gavel, MessageCircle, Scale, Undo2 } from "lucide-react";
import { useTranslation } from "@/i18n/use-translation";
import { msg, type AppealDetail, type AppealTimelineEntry } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { ImageViewer } from "@/features/uploads/image-viewer";
import { UploadedImage } from "@/features/uploads/uploaded-image";
import { Button } from "@/ui/button";
import { EvidenceUploader } from "./evidence-uploader";
import { formatWhen, outcomeOf } from "./parts";

const OUTCOME_HEADLINE = {
  release: msg("{{name}} released the coins to the buyer"),
  refund: msg("{{name}} refunded the coins to the seller"),
  withdrawn: msg("{{name}} withdrew the appeal"),
} as const;

/** An open appeal card's body: the outcome, evidence, timeline and the ways to the order. */
export function AppealDetails({ detail, isAdmin }: { detail: AppealDetail; isAdmin: boolean }) {
  const { t } = useTranslation();
  const { appeal, evidence, timeline } = detail;
  const outcome = outcomeOf(appeal);
  const ended = appeal.appeal.resolved_at !== null;
  return (
    <div className="flex flex-col gap-5">
      <div className={cn("rounded-lg px-3.5 py-3 text-sm", ended ? "bg-muted" : "bg-amber-500/10 text-amber-900 dark:text-amber-200")}>
        <p className="font-medium">{t(outcome.label)}</p>
        <p className={cn("text-sm", ended ? "text-muted-foreground" : "")}>{t(outcome.detail)}</p>
        {appeal.appeal.resolution_reason && (
          <p className="mt-2 whitespace-pre-wrap break-words">
            <span className="font-medium">{t("Reason:")} </span>
            {appeal.appeal.resolution_reason}
          </p>
        )}
      </div>

      <section aria-label={t("Evidence")} className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">
          {t("Evidence")} {evidence.length > 0 && <span className="font-normal text-muted-foreground">({evidence.length})</span>}
        </h3>
        <EvidenceGallery evidence={evidence} />
        {detail.can_add_evidence && (
          <EvidenceUploader orderId={appeal.order_id} already={evidence.filter((e) => e.appeal_id === appeal.appeal.id).length} />
        )}
      </section>

      <section aria-label={t("Timeline")} className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">{t("Timeline")}</h3>
        <ol className="relative flex flex-col gap-4 border-s ps-5">
          {timeline.map((entry) => (
            <TimelineItem key={entry.id} entry={entry} />
          ))}
        </ol>
      </section>

      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        {(appeal.my_role !== null || isAdmin) && (
          <Button asChild variant="outline" size="sm">
            <Link to={`/chat/${appeal.order_id}`}>
              <MessageCircle aria-hidden />
              {t("Order chat")}
            </Link>
          </Button>
        )}
        <Button asChild size="sm" variant={isAdmin && !ended ? "default" : "secondary"}>
          <Link to={isAdmin && !ended ? "/admin?section=appeals" : `/order/${appeal.order_id}`}>
            {isAdmin && !ended ? <Gavel aria-hidden /> : <ArrowUpRight aria-hidden />}
            {isAdmin && !ended ? t("Resolve in Admin Panel") : t("Open order")}
          </Link>
        </Button>
      </div>
    </div>
  );
}

const ICONS = { opened: Scale, evidence: FileImage, message: MessageCircle, withdrawn: Undo2, resolved: Gavel } as const;

function TimelineItem({ entry }: { entry: AppealTimelineEntry }) {
  const { t } = useTranslation();
  const Icon = ICONS[entry.kind];
  const name = entry.actor?.username ?? (entry.kind === "opened" ? t("The system") : t("Someone"));
  const headline =
    entry.kind === "opened"
      ? entry.actor
        ? t("{{name}} opened an appeal", { name })
        : t("Opened automatically by the system")
      : entry.kind === "evidence"
        ? t("{{name}} added an image", { name })
        : entry.kind === "message"
          ? t("{{name}} wrote in the chat", { name })
          : entry.outcome
            ? t(OUTCOME_HEADLINE[entry.outcome], { name })
            : t("{{name}} closed the appeal", { name });
  return (
    <li className="relative">
      <span className="absolute -start-[1.95rem] top-0 flex size-6 items-center justify-center rounded-full border bg-background text-muted-foreground">
        <Icon className="size-3.5" aria-hidden />
      </span>
      <p className="text-sm font-medium">{headline}</p>
      <p className="text-xs text-muted-foreground">
        <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
      </p>
      {entry.text && <p className="mt-1 whitespace-pre-wrap break-words text-sm text-foreground/90">{entry.text}</p>}
      {entry.image && (
        <ImageViewer image={entry.image} title={t("Image from {{name}}", { name })}>
          <button
            type="button"
            className="mt-1.5 block overflow-hidden rounded-md border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <UploadedImage image={entry.image} alt={t("Image from {{name}}", { name })} keepRatio={false} className="h-24 w-32 object-cover" />
          </button>
        </ImageViewer>
      )}
    </li>
  );
}

/** The images both parties attached to the appeal, each opening larger. */
export function EvidenceGallery({ evidence }: { evidence: AppealDetail["evidence"] }) {
  const { t } = useTranslation();
  if (evidence.length === 0) return <p className="text-sm text-muted-foreground">{t("No images attached yet.")}</p>;
  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-8">
      {evidence.map((e) => {
        const title = e.added_by ? t("Evidence from {{name}}", { name: e.added_by.username }) : t("Evidence from a party");
        return (
          <li key={e.id}>
            <ImageViewer image={e.image} title={title} description={formatWhen(e.created_at)}>
              <button
                type="button"
                className="block w-full overflow-hidden rounded-md border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <UploadedImage image={e.image} alt={title} keepRatio={false} className="aspect-square w-full object-cover" />
              </button>
            </ImageViewer>
          </li>
        );
      })}
    </ul>
  );
}
