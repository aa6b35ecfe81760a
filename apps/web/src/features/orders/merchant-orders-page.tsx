import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { Trans } from "@/i18n/trans";
import { ClipboardList, Store } from "lucide-react";
import { useSession } from "@/features/auth/queries";
import { MerchantsOnlyCard } from "@/features/merchant-application/merchants-only-card";
import { Button } from "@/ui/button";
import { OrderList } from "./order-list";
import { PageHeader } from "@/ui/page-header";

/** /merchant-orders: orders where the caller is the merchant, to accept, confirm and release; merchants only. */
export default function MerchantOrdersPage() {
  const { t } = useTranslation();
  const { data: user } = useSession();
  if (user?.role !== "merchant") {
    return (
      <div className="flex flex-col gap-5 sm:gap-6">
        <PageHeader title={t("Merchant Orders")} />
        <MerchantsOnlyCard
          icon={<ClipboardList />}
          title={t("Merchant orders are for merchants")}
          description={t("Merchants accept and complete the orders traders place with them here. Your own orders are on My orders.")}
        />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-5 sm:gap-6">
      <PageHeader
        title={t("Merchant Orders")}
        description={t("Orders traders placed with you. Accept new ones quickly: each has a countdown.")}
        action={
          <Button asChild variant="outline">
            <Link to="/marketplace">
              <Store />
              {t("Marketplace")}
            </Link>
          </Button>
        }
      />
      <OrderList
        perspective="merchant"
        emptyTitle={t("No orders yet")}
        emptyDescription={t("When a trader orders from one of your offers, or you take an open request on the marketplace, it appears here.")}
        emptyAction={
          <Button asChild size="sm">
            <Link to="/price-update">{t("Update your offers")}</Link>
          </Button>
        }
        otherOrdersHint={
          <Trans
            i18nKey="Orders you placed yourself as a trader are on <a>My orders</a>."
            components={{ a: <Link to="/order" className="font-medium text-primary underline-offset-4 hover:underline" /> }}
          />
        }
      />
    </div>
  );
}
