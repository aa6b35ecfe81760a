import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { ArrowLeft, FileQuestion, Store } from "lucide-react";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";

/*
 * What the order page shows when the order is not there to show: loaded only then, not with
 * every order.
 */

export function RequestTaken() {
  const { t } = useTranslation();
  return (
    <MissingCard
      icon={<Store className="size-6" aria-hidden />}
      title={t("Request already taken")}
      body={t("Another merchant accepted this request first, or it was withdrawn. Nothing changed on your side.")}
    >
      <Button asChild className="mt-6">
        <Link to="/marketplace">
          <ArrowLeft className="rtl:rotate-180" />
          {t("Back to the marketplace")}
        </Link>
      </Button>
    </MissingCard>
  );
}

export function OrderNotFound({ listPath }: { listPath: string }) {
  const { t } = useTranslation();
  return (
    <MissingCard
      icon={<FileQuestion className="size-6" aria-hidden />}
      title={t("Order not found")}
      body={t("This order doesn't exist, or it isn't one of yours. Check the link, or find the order in your list.")}
    >
      <div className="mt-6 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        <Button asChild>
          <Link to={listPath}>
            <ArrowLeft className="rtl:rotate-180" />
            {t("Go to my orders")}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/dashboard">{t("Dashboard")}</Link>
        </Button>
      </div>
    </MissingCard>
  );
}

/** The card both views share: an icon, the page's heading, why, and where to go instead. */
function MissingCard({ icon, title, body, children }: { icon: ReactNode; title: string; body: string; children: ReactNode }) {
  return (
    <Card className="mx-auto mt-4 flex max-w-lg flex-col items-center px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">{icon}</span>
      <h1 className="mt-4 text-xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 max-w-sm text-sm text-muted-foreground">{body}</p>
      {children}
    </Card>
  );
}
