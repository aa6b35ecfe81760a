import { cn } from "@/lib/cn";

/** Initials on a tinted disc: no uploaded avatars yet. */
export function UserAvatar({ name, className }: { name: string; className?: string }) {
  const initials =
    name
      .split(/[\s_.]+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]!.toUpperCase())
      .join("") || "?";
  return (
    <span
      aria-hidden
      className={cn(
        "inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/15 text-sm font-semibold text-emerald-800 dark:text-emerald-300",
        className,
      )}
    >
      {initials}
    </span>
  );
}
