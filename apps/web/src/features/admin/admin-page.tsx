import { useSearchParams } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { useSession } from "@/features/auth/queries";
import { PageFallback } from "@/features/shell/page-fallback";
import { AdminNav } from "./admin-nav";
import { AdminsOnly } from "./admins-only";
import { findSection } from "./sections/registry";

/** /admin: the admin panel for admins (sections in ./sections), a clear refusal for everyone else. */
export default function AdminPage() {
  const { data: user, isPending } = useSession();
  if (isPending || !user) return <PageFallback />;
  if (user.role !== "admin") return <AdminsOnly role={user.role} />;
  return <AdminPanel />;
}

function AdminPanel() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const section = findSection(params.get("section"));
  const Section = section.component;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("Admin Panel")}</h1>
        <p className="text-sm text-muted-foreground sm:text-base">
          {t("Work through deposits, withdrawals and appeals, and keep the coin catalogue in order.")}
        </p>
      </header>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[13rem_minmax(0,1fr)] lg:items-start">
        <div className="min-w-0 lg:sticky lg:top-24">
          <AdminNav active={section} />
        </div>
        <section aria-label={t(section.label)} className="min-w-0">
          <Section key={section.id} />
        </section>
      </div>
    </div>
  );
}
