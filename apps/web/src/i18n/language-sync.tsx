import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useSession } from "@/features/auth/queries";
import { applyLanguage, currentLanguage, isUnsaved, markUnsaved } from "./language";
import { saveLanguage } from "./save-language";

/**
 * Keeps the app and the profile in one language at sign-in: a language chosen while signed out
 * goes onto the profile; otherwise the profile's language is applied, so a new device opens in it.
 */
export function LanguageSync() {
  const queryClient = useQueryClient();
  const { data: user } = useSession();
  const userId = user?.id;
  const language = user?.language;
  useEffect(() => {
    if (!userId || !language) return;
    if (isUnsaved()) {
      markUnsaved(false);
      if (currentLanguage() !== language) void saveLanguage(queryClient, currentLanguage());
    } else if (language !== currentLanguage()) {
      void applyLanguage(language);
    }
  }, [userId, language, queryClient]);
  return null;
}
