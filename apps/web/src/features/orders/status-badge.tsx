import { useTranslation } from "@/i18n/use-translation";
import type { OrderStatus } from "@p2p/shared";
import { Badge } from "@/ui/badge";
import { cn } from "@/lib/cn";
import { STATUS_META } from "./order-view";

export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  const { t } = useTranslation();
  const meta = STATUS_META[status];
  return (
    <Badge variant={meta.variant} className={cn("whitespace-nowrap", className)}>
      {t(meta.label)}
    </Badge>
  );
}
