import type { ReactNode } from "react";
import { AlertCircle, RotateCw } from "lucide-react";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { EmptyState } from "@/ui/empty-state";
import { Skeleton } from "@/ui/skeleton";

/** Placeholder rows shaped like a queue row while it loads. */
export function QueueSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <Card className="divide-y" aria-busy aria-label="Loading">
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

export function QueueError({ what, message, onRetry }: { what: string; message: string; onRetry: () => void }) {
  return (
    <Card>
      <EmptyState
        role="alert"
        icon={<AlertCircle />}
        title={`We couldn't load ${what}`}
        description={message}
        action={
          <Button variant="outline" size="sm" onClick={onRetry}>
            <RotateCw aria-hidden />
            Try again
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
