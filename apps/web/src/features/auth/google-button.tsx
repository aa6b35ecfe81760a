import { useEffect, useState } from "react";
import { useTranslation } from "@/i18n/use-translation";
import { Loader2 } from "lucide-react";
import { Button } from "@/ui/button";
import { useAuthProviders } from "./queries";

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden>
      <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7z" />
      <path fill="#34A853" d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z" />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6H1.3a12 12 0 0 0 0 10.8z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A11.5 11.5 0 0 0 12 0 12 12 0 0 0 1.3 6.6l4 3.1c.9-2.8 3.6-4.9 6.7-4.9z" />
    </svg>
  );
}

/**
 * 'Continue with Google': a full-page trip through /api/auth/google, which returns to
 * /complete-profile (spec §7) or to /auth?error=… on failure.
 */
export function GoogleButton() {
  const { t } = useTranslation();
  const providers = useAuthProviders();
  const [leaving, setLeaving] = useState(false);
  const unavailable = providers.data?.google === false;

  // Coming back with the browser's Back button restores this page from cache: stop the spinner.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => event.persisted && setLeaving(false);
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);

  return (
    <div className="grid gap-1.5">
      <Button
        type="button"
        variant="outline"
        className="h-11 w-full"
        disabled={unavailable || leaving}
        aria-describedby={unavailable ? "google-unavailable" : undefined}
        onClick={() => {
          setLeaving(true);
          window.location.assign("/api/auth/google");
        }}
      >
        {leaving ? <Loader2 className="animate-spin" aria-hidden /> : <GoogleMark />}
        {t("Continue with Google")}
      </Button>
      {unavailable && (
        <p id="google-unavailable" className="text-center text-xs text-muted-foreground">
          {t("Google sign-in is not configured")}
        </p>
      )}
    </div>
  );
}
