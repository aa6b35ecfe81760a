import { cn } from "@/lib/cn";
import { CopyButton } from "@/ui/copy-button";
import { middleEllipsis } from "../format";

/** A hash or address: both ends visible, the whole value in the tooltip, one tap to copy it. */
export function CopyValue({ value, label, className }: { value: string; label: string; className?: string }) {
  return (
    <span className={cn("inline-flex min-w-0 items-center gap-1", className)}>
      <code title={value} className="truncate rounded bg-muted px-1.5 py-0.5 font-mono text-xs">
        {middleEllipsis(value)}
      </code>
      <CopyButton value={value} label={label} variant="ghost" className="size-7 text-muted-foreground" />
    </span>
  );
}
