import { Monitor, Moon, Sun } from "lucide-react";
import { useTranslation } from "@/i18n/use-translation";
import { msg } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { useTheme, type Theme } from "./theme-provider";

const NEXT: Record<Theme, Theme> = { system: "light", light: "dark", dark: "system" };
const ICON = { system: Monitor, light: Sun, dark: Moon };
const LABEL = { system: msg("System"), light: msg("Light"), dark: msg("Dark") };

/** A one-tap theme switch (system → light → dark) with no menu code: used on the light public pages. */
export function ThemeCycleButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();
  const Icon = ICON[theme];
  return (
    <button
      type="button"
      onClick={() => setTheme(NEXT[theme])}
      aria-label={t("Theme: {{theme}}. Switch to {{next}}", { theme: t(LABEL[theme]), next: t(LABEL[NEXT[theme]]) })}
      title={t("Theme: {{theme}}", { theme: t(LABEL[theme]) })}
      className={cn(
        "inline-flex size-9 items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        className,
      )}
    >
      <Icon className="size-4" />
    </button>
  );
}
