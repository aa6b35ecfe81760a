import { useId } from "react";
import { useTranslation } from "@/i18n/use-translation";
import { useQueryClient } from "@tanstack/react-query";
import { Languages } from "lucide-react";
import { LANGUAGES, isLanguage, type Language } from "@p2p/shared";
import { useSession } from "@/features/auth/queries";
import { NativeSelect } from "@/ui/select";
import { cn } from "@/lib/cn";
import { applyLanguage, currentLanguage, markUnsaved } from "./language";
import { saveLanguage } from "./save-language";

/** Switches the app; saves the choice on the profile when signed in, else at the next sign-in. */
export function useChangeLanguage() {
  const queryClient = useQueryClient();
  const { data: user } = useSession();
  return async (language: Language) => {
    await applyLanguage(language);
    markUnsaved(!user);
    if (user) await saveLanguage(queryClient, language);
  };
}

/** A select of the twelve languages, each named in itself, with its label (settings, menus). */
export function LanguagePicker({ className }: { className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const change = useChangeLanguage();
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="flex items-center gap-1.5 text-sm font-medium">
        <Languages aria-hidden className="size-4" />
        {t("Language")}
      </label>
      <NativeSelect id={id} value={currentLanguage()} onChange={(e) => isLanguage(e.target.value) && void change(e.target.value)}>
        <LanguageOptions />
      </NativeSelect>
    </div>
  );
}

/**
 * The header's small switch: an icon and the language's code over a native select, so phones
 * get their own picker and the public pages load no menu code.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const change = useChangeLanguage();
  const language = currentLanguage();
  return (
    <span
      className={cn(
        "relative inline-flex h-9 items-center gap-1 rounded-lg px-2 text-xs font-semibold uppercase text-muted-foreground transition-colors focus-within:ring-2 focus-within:ring-ring hover:bg-accent hover:text-foreground",
        className,
      )}
    >
      <Languages aria-hidden className="size-4" />
      <span aria-hidden>{language}</span>
      <select
        aria-label={t("Language")}
        value={language}
        onChange={(e) => isLanguage(e.target.value) && void change(e.target.value)}
        className="absolute inset-0 cursor-pointer appearance-none opacity-0"
      >
        <LanguageOptions />
      </select>
    </span>
  );
}

function LanguageOptions() {
  return LANGUAGES.map((l) => (
    <option key={l.code} value={l.code} lang={l.locale}>
      {l.name}
    </option>
  ));
}
