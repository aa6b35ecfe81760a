import type { QueryClient } from "@tanstack/react-query";
import type { Language, LanguageUpdateRequest, SessionResponse } from "@p2p/shared";
import { api } from "@/lib/api";
import { authKeys } from "@/features/auth/queries";

/** Puts a language on the signed-in person's profile (e-mails and Telegram follow it) and in the cached session. */
export async function saveLanguage(queryClient: QueryClient, language: Language): Promise<void> {
  await api("/api/profile/language", { method: "PUT", body: { language } satisfies LanguageUpdateRequest });
  queryClient.setQueryData<SessionResponse>(authKeys.session, (s) => (s?.user ? { ...s, user: { ...s.user, language } } : s));
}
