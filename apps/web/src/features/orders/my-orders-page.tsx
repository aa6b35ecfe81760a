import { Link } from "react-router";
import { ArrowLeftRight } from "lucide-react";
import { Button } from "@/ui/button";
import { OrderList } from "./order-list";
import { PageHeader } from "@/ui/page-header";

/** /order: the orders the caller created, newest first. */
export default function MyOrdersPage() {
  return (
    <div className="flex flex-col gap-5 sm:gap-6">
      <PageHeader
        title="My Orders"
        description="Orders you placed with merchants. Tap one to see its progress, pay or chat."
        action={
          <Button asChild>
            <Link to="/trade-merchants">
              <ArrowLeftRight />
              New trade
            </Link>
          </Button>
        }
      />
      <OrderList
        perspective="creator"
        emptyTitle="No orders yet"
        emptyDescription="Buy or sell coins with a verified merchant. Your orders, their progress and countdowns will show up here."
        emptyAction={
          <Button asChild size="sm">
            <Link to="/trade-merchants">Start a trade</Link>
          </Button>
        }
        otherOrdersHint={
          <>
            Orders you took as a merchant are on{" "}
            <Link to="/merchant-orders" className="font-medium text-primary underline-offset-4 hover:underline">
              Merchant orders
            </Link>
            .
          </>
        }
      />
    </div>
  );
}
