import type { ReactNode } from "react";
import { useTranslation } from "@/i18n/use-translation";
import { AlertCircle, RotateCw } from "lucide-react";
import { translateServerText } from "@/i18n/server-text";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { EmptyState } from "@/ui/empty-state";
import { Skeleton } from "@/ui/skeleton";

/** Placeholder rows shaped like a queue row while it loads. */
export function QueueSkeleton({ rows = 3 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <Card className="divide-y" aria-busy aria-label={t("Loading")}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-3 p-4">
          <Skeleton className="size-10 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3 w-48" />
          </div>
          <Skeleton className="hidden h-8 w-24 sm:block" />
        </div>
      ))}
    </Card>
  );
}

/** A queue that failed to load: `title` says what ("We couldn't load deposits"), `message` is the server's own words. */
export function QueueError({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Card>
      <EmptyState
        role="alert"
        icon={<AlertCircle />}
        title={title}
        description={translateServerText(message)}
        action={
          <Button variant="outline" size="sm" onClick={onRetry}>
            <RotateCw aria-hidden />
            {t("Try again")}
          </Button>
        }
      />
    </Card>
  );
}

export function QueueEmpty({ icon, title, description }: { icon: ReactNode; title: string; description: string }) {
  return (
    <Card>
      <EmptyState icon={icon} title={title} description={description} className="py-12" />
    </Card>
  );
}
