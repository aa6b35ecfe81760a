import type { ReactNode } from "react";
import { RotateCw } from "lucide-react";
import { useTranslation } from "@/i18n/use-translation";
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
  const { t } = useTranslation();
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="grid min-w-0 gap-1">
        <h2 className="text-lg font-semibold tracking-tight sm:text-xl">{title}</h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        {children}
        {onRefresh && (
          <Button
            variant="outline"
            size="sm"
            className="max-sm:size-10 max-sm:px-0"
            onClick={onRefresh}
            disabled={refreshing}
            aria-label={t("Refresh {{section}}", { section: title.toLocaleLowerCase() })}
          >
            <RotateCw className={refreshing ? "animate-spin" : undefined} aria-hidden />
            <span className="hidden sm:inline">{t("Refresh")}</span>
          </Button>
        )}
      </div>
    </div>
  );
}
