import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { ArrowLeft, ShieldAlert } from "lucide-react";
import { msg, type Role } from "@p2p/shared";
import { Button } from "@/ui/button";

/** Why the panel is closed, one whole sentence per role (the role's name changes its grammar). */
const REFUSAL: Record<Role, string> = {
  user: msg("The admin panel is for NaijaP2P administrators. You are signed in with a user account, so there is nothing for you here."),
  merchant: msg("The admin panel is for NaijaP2P administrators. You are signed in with a merchant account, so there is nothing for you here."),
  admin: msg("The admin panel is for NaijaP2P administrators. You are signed in with an admin account, so there is nothing for you here."),
};

/** What anyone but an admin sees at /admin: plainly why, and a way back. */
export function AdminsOnly({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[60dvh] items-center justify-center py-8">
      <div role="alert" className="flex w-full max-w-lg flex-col items-center rounded-2xl border bg-card px-6 py-12 text-center shadow-sm sm:px-10">
        <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-destructive/12 text-destructive">
          <ShieldAlert className="size-6" aria-hidden />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight">{t("Admins only")}</h1>
        <p className="mt-2 text-muted-foreground">{t(REFUSAL[role])}</p>
        <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button asChild className="h-11 sm:h-10">
            <Link to="/dashboard">
              <ArrowLeft aria-hidden className="rtl:rotate-180" />
              {t("Back to Dashboard")}
            </Link>
          </Button>
          <Button asChild variant="outline" className="h-11 sm:h-10">
            <Link to="/help">{t("Help Center")}</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
