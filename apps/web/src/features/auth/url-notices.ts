import { useEffect } from "react";
import { useLocation, useSearchParams } from "react-router";
import { toast } from "@/ui/toast";
import { useTranslation } from "@/i18n/use-translation";
import { MESSAGES } from "@p2p/shared";
import { translateServerText } from "@/i18n/server-text";

/** Drops one query parameter from the address without a new history entry, keeping route state. */
function useDropParam() {
  const [, setParams] = useSearchParams();
  const location = useLocation();
  return (name: string) =>
    setParams(
      (params) => {
        params.delete(name);
        return params;
      },
      { replace: true, state: location.state as unknown },
    );
}

/**
 * `?confirmed=1`, where the email confirmation link lands: says the account is ready, once,
 * then tidies the address. Used on /auth; the landing page may call it for `/?confirmed=1`.
 */
export function useConfirmedNotice() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const dropParam = useDropParam();
  const confirmed = params.get("confirmed") === "1";
  useEffect(() => {
    if (!confirmed) return;
    toast.success(t("Email confirmed"), {
      id: "email-confirmed",
      description: t("Your account is ready. Sign in to start trading."),
    });
    dropParam("confirmed");
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per arrival: the parameter is gone right after, so the effect does not repeat
  }, [confirmed]);
}

/** `?error=…` from a failed Google sign-in or confirmation link: 'Sign In Error' with the message (spec §8). */
export function useAuthErrorNotice() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const dropParam = useDropParam();
  const error = params.get("error");
  useEffect(() => {
    if (!error) return;
    toast.error(t(MESSAGES.signInErrorTitle), { id: "auth-return-error", description: translateServerText(error) });
    dropParam("error");
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per arrival: the parameter is gone right after, so the effect does not repeat
  }, [error]);
}
