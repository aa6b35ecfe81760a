import { lazy, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { ArrowLeftRight, ChevronRight, LifeBuoy, MessageSquareWarning, Wallet } from "lucide-react";
import { cn } from "@/lib/cn";
import { MountOnceOpened } from "@/ui/mount-once-opened";
import { TelegramIcon } from "@/features/shell/social-links";

const cardClass =
  "group flex h-full w-full min-w-0 flex-col items-start gap-3 rounded-xl border bg-card p-4 text-start sm:flex-row sm:items-center shadow-sm transition-colors hover:border-primary/40 hover:bg-accent/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:p-5";

function ActionBody({ icon, tint, title, body }: { icon: ReactNode; tint: string; title: string; body: string }) {
  return (
    <>
      <span className={cn("inline-flex size-11 shrink-0 items-center justify-center rounded-xl [&_svg]:size-5", tint)}>{icon}</span>
      <span className="min-w-0 flex-1">
        <span className="block break-words text-sm font-semibold sm:text-base">{title}</span>
        <span className="mt-0.5 block text-xs text-muted-foreground sm:text-sm">{body}</span>
      </span>
      <ChevronRight
        className="hidden size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 rtl:rotate-180 rtl:group-hover:-translate-x-0.5 sm:block"
        aria-hidden
      />
    </>
  );
}

/** The Telegram link dialog and the complaint form (react-hook-form and zod) load when first opened, not with the dashboard. */
const TelegramDialog = lazy(() => import("./telegram-dialog").then((m) => ({ default: m.TelegramDialog })));
const ComplaintDialog = lazy(() => import("./complaint-dialog").then((m) => ({ default: m.ComplaintDialog })));

/** The four dashboard cards (spec §2 "Dashboard"), then the wallet, which the phone tab bar has no room for. */
export function QuickActions() {
  const { t } = useTranslation();
  const [telegramOpen, setTelegramOpen] = useState(false);
  const [complaintOpen, setComplaintOpen] = useState(false);

  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <li>
          <Link to="/trade-merchants" className={cn(cardClass, "border-primary/30 bg-gradient-to-br from-primary/10 to-transparent")}>
            <ActionBody
              icon={<ArrowLeftRight />}
              tint="bg-primary text-primary-foreground"
              title={t("Start Buy/Sell Coin")}
              body={t("Trade with verified merchants")}
            />
          </Link>
        </li>
        <li>
          <Link to="/help" className={cardClass}>
            <ActionBody
              icon={<LifeBuoy />}
              tint="bg-sky-500/12 text-sky-600 dark:text-sky-400"
              title={t("Need Help")}
              body={t("Guides, FAQs and contact")}
            />
          </Link>
        </li>
        <li>
          <button type="button" className={cardClass} onClick={() => setTelegramOpen(true)}>
            <ActionBody
              icon={<TelegramIcon />}
              tint="bg-sky-500/12 text-sky-600 dark:text-sky-400"
              title={t("Join Telegram Bot")}
              body={t("Get alerts on Telegram")}
            />
          </button>
        </li>
        <li>
          <button type="button" className={cardClass} onClick={() => setComplaintOpen(true)}>
            <ActionBody
              icon={<MessageSquareWarning />}
              tint="bg-amber-500/15 text-amber-700 dark:text-amber-400"
              title={t("Submit Complaint")}
              body={t("Report a problem to support")}
            />
          </button>
        </li>
        <li className="col-span-2 xl:col-span-4">
          <Link to="/wallet" className={cn(cardClass, "flex-row items-center sm:p-4")}>
            <ActionBody
              icon={<Wallet />}
              tint="bg-emerald-500/12 text-emerald-600 dark:text-emerald-400"
              title={t("Wallet")}
              body={t("Balances, coins in escrow, deposits and withdrawals")}
            />
          </Link>
        </li>
      </ul>
      <MountOnceOpened opened={telegramOpen}>
        <TelegramDialog open={telegramOpen} onOpenChange={setTelegramOpen} />
      </MountOnceOpened>
      <MountOnceOpened opened={complaintOpen}>
        <ComplaintDialog open={complaintOpen} onOpenChange={setComplaintOpen} />
      </MountOnceOpened>
    </>
  );
}
