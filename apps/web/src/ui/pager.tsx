import { useTranslation } from "@/i18n/use-translation";
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
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={t("Pages")} className={cn("flex items-center justify-between gap-3", className)}>
      <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1 || busy}>
        <ChevronLeft aria-hidden className="rtl:rotate-180" />
        {t("Previous")}
      </Button>
      <p className="text-sm text-muted-foreground tabular" aria-live="polite">
        {t("Page {{page}} of {{pages}}", { page: Math.min(page, pages), pages })}
      </p>
      <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= pages || busy}>
        {t("Next")}
        <ChevronRight aria-hidden className="rtl:rotate-180" />
      </Button>
    </nav>
  );
}
