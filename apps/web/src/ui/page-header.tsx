import type { ReactNode } from "react";

/** The heading block of a list screen: title, one line on what it holds, an optional action. */
export function PageHeader({ title, description, action }: { title: string; description?: ReactNode; action?: ReactNode }) {
  return (
    <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {description && <p className="text-sm text-muted-foreground sm:text-base">{description}</p>}
      </div>
      {action && <div className="flex shrink-0 gap-2 [&>*]:flex-1 sm:[&>*]:flex-none">{action}</div>}
    </header>
  );
}
