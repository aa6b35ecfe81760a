import { Link } from "react-router";
import { Store } from "lucide-react";
import { Button } from "@/ui/button";
import { OrderList } from "./order-list";
import { PageHeader } from "@/ui/page-header";

/** /merchant-orders: orders where the caller is the merchant, to accept, confirm and release. */
export default function MerchantOrdersPage() {
  return (
    <div className="flex flex-col gap-5 sm:gap-6">
      <PageHeader
        title="Merchant Orders"
        description="Orders traders placed with you. Accept new ones quickly: each has a countdown."
        action={
          <Button asChild variant="outline">
            <Link to="/marketplace">
              <Store />
              Marketplace
            </Link>
          </Button>
        }
      />
      <OrderList
        perspective="merchant"
        emptyTitle="No orders yet"
        emptyDescription="When a trader orders from one of your offers, or you take an open request on the marketplace, it appears here."
        emptyAction={
          <Button asChild size="sm">
            <Link to="/price-update">Update your offers</Link>
          </Button>
        }
        otherOrdersHint={
          <>
            Orders you placed yourself as a trader are on{" "}
            <Link to="/order" className="font-medium text-primary underline-offset-4 hover:underline">
              My orders
            </Link>
            .
          </>
        }
      />
    </div>
  );
}
