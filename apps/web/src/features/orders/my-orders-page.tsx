import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { Trans } from "@/i18n/trans";
import { ArrowLeftRight } from "lucide-react";
import { Button } from "@/ui/button";
import { OrderList } from "./order-list";
import { PageHeader } from "@/ui/page-header";

/** /order: the orders the caller created, newest first. */
export default function MyOrdersPage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-5 sm:gap-6">
      <PageHeader
        title={t("My Orders")}
        description={t("Orders you placed with merchants. Tap one to see its progress, pay or chat.")}
        action={
          <Button asChild>
            <Link to="/trade-merchants">
              <ArrowLeftRight />
              {t("New trade")}
            </Link>
          </Button>
        }
      />
      <OrderList
        perspective="creator"
        emptyTitle={t("No orders yet")}
        emptyDescription={t("Buy or sell coins with a verified merchant. Your orders, their progress and countdowns will show up here.")}
        emptyAction={
          <Button asChild size="sm">
            <Link to="/trade-merchants">{t("Start a trade")}</Link>
          </Button>
        }
        otherOrdersHint={
          <Trans
            i18nKey="Orders you took as a merchant are on <a>Merchant orders</a>."
            components={{ a: <Link to="/merchant-orders" className="font-medium text-primary underline-offset-4 hover:underline" /> }}
          />
        }
      />
    </div>
  );
}
