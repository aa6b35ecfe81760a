import { Link, useLocation } from "react-router";
import { ArrowLeft, Hammer, LifeBuoy } from "lucide-react";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { titleForPath } from "./navigation";

/** What each not-yet-built screen will do, so the placeholder is honest and useful. */
const PURPOSE: Record<string, string> = {
  "/price": "Live naira buy and sell prices from online merchants, for every listed coin.",
  "/listed-coins": "Every coin you can trade on NaijaP2P, with its network and availability.",
  "/trade-merchants": "Compare verified merchants' prices and limits, then buy or sell with escrow protection.",
  "/order": "Your orders with their step, countdown, payment details and order chat.",
  "/chat": "Chat with your trade partner inside an order, and share payment proof.",
  "/transaction-history": "Every completed trade, with amounts, naira totals and dates.",
  "/settings": "Theme, notifications, Telegram and security settings.",
  "/profile": "Your username, phone number, reputation score and referral code.",
  "/notifications": "Order updates, messages and announcements in one place.",
  "/merchant-group-chat": "A shared chat room for verified merchants.",
  "/merchant-orders": "Orders assigned to you, to accept, confirm and release.",
  "/marketplace": "Open buy and sell requests that any online merchant can take.",
  "/price-update": "Set your buy and sell prices, limits, payment details and online status per coin.",
  "/admin": "Users, merchant applications, appeals, complaints, deposits and withdrawals.",
  "/merchant-application": "Apply to become a verified merchant and trade with the community.",
  "/appeals": "Disputes you opened or that involve your orders, with their decisions.",
  "/tickets": "Payment proofs attached to your trades.",
  "/tickets-payment-view": "Review payment proofs across all trades.",
  "/tickets-complaints": "Your complaints and the replies from our support team.",
  "/live-chat": "Talk to a support agent in real time.",
};

/** Placeholder for signed-in screens that arrive in a later release. */
export default function ComingSoonPage() {
  const { pathname } = useLocation();
  const base = "/" + (pathname.split("/")[1] ?? "");
  const title = titleForPath(pathname);

  return (
    <div className="flex min-h-[60dvh] items-center justify-center py-8">
      <div className="flex w-full max-w-lg flex-col items-center rounded-2xl border bg-card px-6 py-12 text-center shadow-sm sm:px-10">
        <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-primary/12 text-primary">
          <Hammer className="size-6" aria-hidden />
        </span>
        <Badge variant="secondary" className="mt-5">Coming soon</Badge>
        <h1 className="mt-3 text-2xl font-bold tracking-tight">{title}</h1>
        <p className="mt-2 text-muted-foreground">
          {PURPOSE[base] ?? "This screen is on its way."} We're finishing it now; it will appear here in an upcoming release.
        </p>
        <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button asChild>
            <Link to="/dashboard">
              <ArrowLeft />
              Back to Dashboard
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/help">
              <LifeBuoy />
              Help Center
            </Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
