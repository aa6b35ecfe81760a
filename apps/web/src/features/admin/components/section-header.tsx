import type { ReactNode } from "react";
import { RotateCw } from "lucide-react";
import { Button } from "@/ui/button";

/** A section's title, what it is for, and a refresh that shows when it is fetching. */
export function SectionHeader({
  title,
  description,
  onRefresh,
  refreshing,
  children,
}: {
  title: string;
  description: ReactNode;
  onRefresh?: () => void;
  refreshing?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="grid min-w-0 gap-1">
        <h2 className="text-lg font-semibold tracking-tight sm:text-xl">{title}</h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        {children}
        {onRefresh && (
          <Button variant="outline" size="sm" onClick={onRefresh} disabled={refreshing} aria-label={`Refresh ${title.toLowerCase()}`}>
            <RotateCw className={refreshing ? "animate-spin" : undefined} aria-hidden />
            <span className="hidden sm:inline">Refresh</span>
          </Button>
        )}
      </div>
    </div>
  );
}
