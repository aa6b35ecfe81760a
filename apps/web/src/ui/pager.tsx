import { ChevronLeft, ChevronRight } from "lucide-react";
import { cn } from "@/lib/cn";
import { Button } from "./button";

type PagerProps = {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** A newer page is loading: keep the buttons but show it. */
  busy?: boolean;
  className?: string;
};

/** Previous / next paging for server-paged lists; renders nothing when everything fits on one page. */
export function Pager({ page, pageSize, total, onPageChange, busy = false, className }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label="Pages" className={cn("flex items-center justify-between gap-3", className)}>
      <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1 || busy}>
        <ChevronLeft aria-hidden />
        Previous
      </Button>
      <p className="text-sm text-muted-foreground tabular" aria-live="polite">
        Page {Math.min(page, pages)} of {pages}
      </p>
      <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= pages || busy}>
        Next
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
