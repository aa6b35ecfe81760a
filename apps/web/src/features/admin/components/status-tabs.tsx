import { useTranslation } from "@/i18n/use-translation";
import { cn } from "@/lib/cn";

/** `label` is English, a translation key (`msg()`): the tabs show it through t(). */
export type StatusOption<S extends string> = { value: S; label: string };

/**
 * The filter above a queue: its statuses, the actionable one first. A group of pressed/unpressed
 * buttons rather than tabs: the list below is one region whichever status is chosen, so there are
 * no tab panels for tabs to control.
 */
export function StatusTabs<S extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: StatusOption<S>[];
  value: S;
  onChange: (value: S) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex h-11 w-full items-center justify-start overflow-x-auto rounded-lg bg-muted p-1 sm:h-9 sm:w-auto"
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={cn(
            "inline-flex h-9 flex-none items-center justify-center whitespace-nowrap rounded-md px-3 text-xs font-medium text-muted-foreground transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:h-7 sm:text-sm",
            value === option.value && "bg-background text-foreground shadow-sm",
          )}
        >
          {t(option.label)}
        </button>
      ))}
    </div>
  );
}
