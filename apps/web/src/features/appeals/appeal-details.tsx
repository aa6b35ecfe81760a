import { Link } from "react-router";
import { ArrowUpRight, FileImage, Gavel, MessageCircle, Scale, Undo2 } from "lucide-react";
import type { AppealDetail, AppealTimelineEntry } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { ImageViewer } from "@/features/uploads/image-viewer";
import { UploadedImage } from "@/features/uploads/uploaded-image";
import { Button } from "@/ui/button";
import { EvidenceUploader } from "./evidence-uploader";
import { formatWhen, outcomeOf } from "./parts";

const OUTCOME_WORDS = { release: "released the coins to the buyer", refund: "refunded the coins to the seller", withdrawn: "withdrew the appeal" } as const;

/** An open appeal card's body: the outcome, evidence, timeline and the ways to the order. */
export function AppealDetails({ detail, isAdmin }: { detail: AppealDetail; isAdmin: boolean }) {
  const { appeal, evidence, timeline } = detail;
  const outcome = outcomeOf(appeal);
  const ended = appeal.appeal.resolved_at !== null;
  return (
    <div className="flex flex-col gap-5">
      <div className={cn("rounded-lg px-3.5 py-3 text-sm", ended ? "bg-muted" : "bg-amber-500/10 text-amber-900 dark:text-amber-200")}>
        <p className="font-medium">{outcome.label}</p>
        <p className={cn("text-sm", ended ? "text-muted-foreground" : "")}>{outcome.detail}</p>
        {appeal.appeal.resolution_reason && (
          <p className="mt-2 whitespace-pre-wrap break-words">
            <span className="font-medium">Reason: </span>
            {appeal.appeal.resolution_reason}
          </p>
        )}
      </div>

      <section aria-label="Evidence" className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">Evidence {evidence.length > 0 && <span className="font-normal text-muted-foreground">({evidence.length})</span>}</h3>
        <EvidenceGallery evidence={evidence} />
        {detail.can_add_evidence && <EvidenceUploader orderId={appeal.order_id} already={evidence.filter((e) => e.appeal_id === appeal.appeal.id).length} />}
      </section>

      <section aria-label="Timeline" className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">Timeline</h3>
        <ol className="relative flex flex-col gap-4 border-l pl-5">
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
              Order chat
            </Link>
          </Button>
        )}
        <Button asChild size="sm" variant={isAdmin && !ended ? "default" : "secondary"}>
          <Link to={isAdmin && !ended ? "/admin?section=appeals" : `/order/${appeal.order_id}`}>
            {isAdmin && !ended ? <Gavel aria-hidden /> : <ArrowUpRight aria-hidden />}
            {isAdmin && !ended ? "Resolve in Admin Panel" : "Open order"}
          </Link>
        </Button>
      </div>
    </div>
  );
}

const ICONS = { opened: Scale, evidence: FileImage, message: MessageCircle, withdrawn: Undo2, resolved: Gavel } as const;

function TimelineItem({ entry }: { entry: AppealTimelineEntry }) {
  const Icon = ICONS[entry.kind];
  const who = entry.actor?.username ?? (entry.kind === "opened" ? "The system" : "Someone");
  const headline =
    entry.kind === "opened"
      ? entry.actor
        ? `${who} opened an appeal`
        : "Opened automatically: the confirmation time ran out"
      : entry.kind === "evidence"
        ? `${who} added an image`
        : entry.kind === "message"
          ? `${who} wrote in the chat`
          : entry.outcome
            ? `${who} ${OUTCOME_WORDS[entry.outcome]}`
            : `${who} closed the appeal`;
  return (
    <li className="relative">
      <span className="absolute -left-[1.95rem] top-0 flex size-6 items-center justify-center rounded-full border bg-background text-muted-foreground">
        <Icon className="size-3.5" aria-hidden />
      </span>
      <p className="text-sm font-medium">{headline}</p>
      <p className="text-xs text-muted-foreground">
        <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
      </p>
      {entry.text && <p className="mt-1 whitespace-pre-wrap break-words text-sm text-foreground/90">{entry.text}</p>}
      {entry.image && (
        <ImageViewer image={entry.image} title={`Image from ${who}`}>
          <button type="button" className="mt-1.5 block overflow-hidden rounded-md border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            <UploadedImage image={entry.image} alt={`Image from ${who}`} keepRatio={false} className="h-24 w-32 object-cover" />
          </button>
        </ImageViewer>
      )}
    </li>
  );
}

/** The images both parties attached to the appeal, each opening larger. */
export function EvidenceGallery({ evidence }: { evidence: AppealDetail["evidence"] }) {
  if (evidence.length === 0) return <p className="text-sm text-muted-foreground">No images attached yet.</p>;
  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-8">
      {evidence.map((e) => (
        <li key={e.id}>
          <ImageViewer image={e.image} title={`Evidence from ${e.added_by?.username ?? "a party"}`} description={formatWhen(e.created_at)}>
            <button type="button" className="block w-full overflow-hidden rounded-md border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
              <UploadedImage image={e.image} alt={`Evidence from ${e.added_by?.username ?? "a party"}`} keepRatio={false} className="aspect-square w-full object-cover" />
            </button>
          </ImageViewer>
        </li>
      ))}
    </ul>
  );
}
