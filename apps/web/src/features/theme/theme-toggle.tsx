import { lazy } from "react";
import { Monitor, Moon, Sun } from "lucide-react";
import { useTranslation } from "@/i18n/use-translation";
import { msg } from "@p2p/shared";
import { Button } from "@/ui/button";
import { MenuOnDemand } from "@/ui/menu-on-demand";
import { cn } from "@/lib/cn";
import { useTheme, type Theme } from "./theme-provider";

export const THEME_OPTIONS: { value: Theme; label: string; icon: typeof Sun }[] = [
  { value: "system", label: msg("System"), icon: Monitor },
  { value: "light", label: msg("Light"), icon: Sun },
  { value: "dark", label: msg("Dark"), icon: Moon },
];

const loadThemeMenu = () => import("./theme-menu");
const ThemeMenu = lazy(loadThemeMenu);

/** Icon button with a System / Light / Dark menu, for headers; the menu's code loads when first opened. */
export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { resolved } = useTheme();
  const Icon = resolved === "dark" ? Moon : Sun;
  const trigger = (
    <Button variant="ghost" size="icon" className={cn("size-9", className)} aria-label={t("Change theme")}>
      <Icon />
    </Button>
  );
  return (
    <MenuOnDemand trigger={trigger} preload={loadThemeMenu}>
      {(menu) => <ThemeMenu {...menu} />}
    </MenuOnDemand>
  );
}

/** Three-way segmented control, for menus and settings where a dropdown would nest awkwardly. */
export function ThemeSegmented({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();
  return (
    <div role="radiogroup" aria-label={t("Theme")} className={cn("grid grid-cols-3 gap-1 rounded-lg bg-muted p-1", className)}>
      {THEME_OPTIONS.map(({ value, label, icon: Icon }) => (
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={theme === value}
          onClick={() => setTheme(value)}
          className={cn(
            "inline-flex h-8 items-center justify-center gap-1.5 rounded-md text-xs font-medium text-muted-foreground transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
            theme === value && "bg-background text-foreground shadow-sm",
          )}
        >
          <Icon className="size-3.5" />
          {t(label)}
        </button>
      ))}
    </div>
  );
}
