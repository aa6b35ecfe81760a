import { useTranslation } from "@/i18n/use-translation";
import type { AdminUser } from "@p2p/shared";
import { Badge } from "@/ui/badge";
import { Skeleton } from "@/ui/skeleton";

/** Who a queue row belongs to: username, email, and a flag when the account is suspended. */
export function Person({ id, users, label }: { id: string | null; users: Map<string, AdminUser> | undefined; label?: string }) {
  const { t } = useTranslation();
  if (!id) return <span className="text-sm text-muted-foreground">—</span>;
  const user = users?.get(id);
  if (!users) {
    return (
      <span className="grid gap-1" aria-busy>
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-3 w-32" />
      </span>
    );
  }
  return (
    <span className="grid min-w-0">
      {label && <span className="text-xs text-muted-foreground">{label}</span>}
      <span className="flex min-w-0 items-center gap-1.5">
        <span className="truncate text-sm font-medium">{user?.username ?? t("Unknown account")}</span>
        {user?.suspended && (
          <Badge variant="danger" className="px-1.5 py-0 text-[0.625rem]">
            {t("Suspended")}
          </Badge>
        )}
      </span>
      <span className="truncate text-xs text-muted-foreground">{user?.email ?? id}</span>
    </span>
  );
}
