import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { BadgeCheck, Clock, RotateCw, ShieldCheck, XCircle } from "lucide-react";
import type { MerchantApplication } from "@p2p/shared";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { EmptyState } from "@/ui/empty-state";
import { Skeleton } from "@/ui/skeleton";
import { authKeys, useSession } from "@/features/auth/queries";
import { showDateTime } from "@/i18n/format";
import { translateServerText } from "@/i18n/server-text";
import { ApplicationForm } from "./application-form";
import { useMyApplication } from "./queries";

/** /merchant-application: apply to become a merchant, then follow the decision. */
export default function MerchantApplicationPage() {
  const { t } = useTranslation();
  const { data: user } = useSession();
  const canApply = user?.role === "user";
  const application = useMyApplication(canApply);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("Apply as Merchant")}</h1>
        <p className="text-sm text-muted-foreground sm:text-base">
          {t(
            "Merchants publish their own buy and sell prices and trade with everyone on the platform. Tell us about your business; an admin reviews every application.",
          )}
        </p>
      </header>
      {user && !canApply ? (
        <AlreadyMerchant isAdmin={user.role === "admin"} />
      ) : application.isPending ? (
        <Card className="grid gap-4 p-6" aria-busy aria-label={t("Loading")}>
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </Card>
      ) : application.isError ? (
        <Card>
          <EmptyState
            role="alert"
            icon={<XCircle />}
            title={t("We couldn't load your application")}
            description={translateServerText(application.error.message)}
            action={
              <Button variant="outline" size="sm" onClick={() => application.refetch()}>
                <RotateCw aria-hidden />
                {t("Try again")}
              </Button>
            }
          />
        </Card>
      ) : (
        <ApplicationState application={application.data} />
      )}
    </div>
  );
}

function ApplicationState({ application }: { application: MerchantApplication | null }) {
  const { t } = useTranslation();
  const [reapplying, setReapplying] = useState(false);
  if (!application || (application.status === "rejected" && reapplying)) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>{application ? t("Apply again") : t("Your application")}</CardTitle>
          <CardDescription>{t("Every field is required. Your ID photo is seen only by the admins who review it.")}</CardDescription>
        </CardHeader>
        <CardContent>
          <ApplicationForm previous={application} />
        </CardContent>
      </Card>
    );
  }
  if (application.status === "pending") {
    return (
      <Card>
        <CardHeader className="flex flex-row items-start gap-3 space-y-0">
          <span className="grid size-10 shrink-0 place-items-center rounded-full bg-warning/20 text-amber-700 dark:text-amber-300">
            <Clock className="size-5" aria-hidden />
          </span>
          <div className="grid gap-1">
            <CardTitle className="flex flex-wrap items-center gap-2">
              {t("Application under review")} <Badge variant="warning">{t("Pending")}</Badge>
            </CardTitle>
            <CardDescription>
              {t(
                "Sent {{date}}. An admin will review it soon; you'll get a notification with the decision, and your menu switches to the merchant menu as soon as you're approved.",
                { date: showDateTime(application.created_at) },
              )}
            </CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <Summary application={application} />
        </CardContent>
      </Card>
    );
  }
  if (application.status === "rejected") {
    return (
      <Card>
        <CardHeader className="flex flex-row items-start gap-3 space-y-0">
          <span className="grid size-10 shrink-0 place-items-center rounded-full bg-destructive/12 text-red-700 dark:text-red-300">
            <XCircle className="size-5" aria-hidden />
          </span>
          <div className="grid gap-1">
            <CardTitle className="flex flex-wrap items-center gap-2">
              {t("Application not approved")} <Badge variant="danger">{t("Rejected")}</Badge>
            </CardTitle>
            <CardDescription>
              {application.reviewed_at
                ? t("Reviewed {{date}}. You can correct your details and apply again.", { date: showDateTime(application.reviewed_at) })
                : t("You can correct your details and apply again.")}
            </CardDescription>
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm">
            <p className="font-medium">{t("Reason")}</p>
            <p className="whitespace-pre-wrap break-words text-muted-foreground">{application.reject_reason}</p>
          </div>
          <Summary application={application} />
          <Button className="h-auto min-h-11 whitespace-normal sm:min-h-10 sm:justify-self-start" onClick={() => setReapplying(true)}>
            {t("Apply again")}
          </Button>
        </CardContent>
      </Card>
    );
  }
  return <Approved />;
}

/** Approved while the session still says "user": the role is read again so the merchant menu appears. */
function Approved() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  useEffect(() => {
    void qc.invalidateQueries({ queryKey: authKeys.session });
  }, [qc]);
  return (
    <Card>
      <EmptyState
        icon={<BadgeCheck />}
        title={t("Your application was approved")}
        description={t("Refreshing your account… If your menu doesn't change, sign out and in again.")}
      />
    </Card>
  );
}

function Summary({ application }: { application: MerchantApplication }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t("Business"), application.business_name],
    [t("Contact"), `${application.contact_name} · ${application.contact_phone} · ${application.contact_email}`],
    [t("Coins"), application.coins.join(", ")],
    [t("Bank account"), `${application.bank_name} · ${application.account_number} · ${application.account_name}`],
  ];
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 break-words font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function AlreadyMerchant({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  return (
    <Card>
      <EmptyState
        className="py-12"
        icon={isAdmin ? <ShieldCheck /> : <BadgeCheck />}
        title={isAdmin ? t("Admins don't need to apply") : t("You're a merchant")}
        description={
          isAdmin
            ? t("Merchant applications are reviewed in the Admin Panel.")
            : t("Your application was approved. Set your prices and go online to start trading.")
        }
        action={
          <Button asChild size="sm">
            {isAdmin ? (
              <Link to="/admin?section=applications">{t("Review applications")}</Link>
            ) : (
              <Link to="/price-update">{t("Go to Price Update")}</Link>
            )}
          </Button>
        }
      />
    </Card>
  );
}
