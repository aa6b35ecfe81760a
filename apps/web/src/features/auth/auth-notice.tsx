import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** An inline callout that stays on screen after its toast has gone. */
export function AuthNotice({
  icon,
  title,
  children,
  tone = "info",
  className,
}: {
  icon: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  tone?: "info" | "warning";
  className?: string;
}) {
  return (
    <div
      role="status"
      className={cn(
        "flex gap-3 rounded-xl border p-4 text-sm [&>svg]:mt-0.5 [&>svg]:size-5 [&>svg]:shrink-0",
        tone === "info" && "border-primary/25 bg-primary/5 [&>svg]:text-primary",
        tone === "warning" && "border-warning/40 bg-warning/10 [&>svg]:text-warning",
        className,
      )}
    >
      {icon}
      <div className="grid gap-1">
        <p className="font-semibold leading-tight">{title}</p>
        {children && <div className="text-muted-foreground">{children}</div>}
      </div>
    </div>
  );
}
