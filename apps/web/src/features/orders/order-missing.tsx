import { Link } from "react-router";
import { useTranslation } from "react-i18next";
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
    <Card className="mx-auto mt-4 flex max-w-lg flex-col items-center px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Store className="size-6" aria-hidden />
      </span>
      <h1 className="mt-4 text-xl font-bold tracking-tight">{t("Request already taken")}</h1>
      <p className="mt-2 max-w-sm text-sm text-muted-foreground">
        {t("Another merchant accepted this request first, or it was withdrawn. Nothing changed on your side.")}
      </p>
      <Button asChild className="mt-6">
        <Link to="/marketplace">
          <ArrowLeft className="rtl:rotate-180" />
          {t("Back to the marketplace")}
        </Link>
      </Button>
    </Card>
  );
}

export function OrderNotFound({ listPath }: { listPath: string }) {
  const { t } = useTranslation();
  return (
    <Card className="mx-auto mt-4 flex max-w-lg flex-col items-center px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <FileQuestion className="size-6" aria-hidden />
      </span>
      <h1 className="mt-4 text-xl font-bold tracking-tight">{t("Order not found")}</h1>
      <p className="mt-2 max-w-sm text-sm text-muted-foreground">
        {t("This order doesn't exist, or it isn't one of yours. Check the link, or find the order in your list.")}
      </p>
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
    </Card>
  );
}
