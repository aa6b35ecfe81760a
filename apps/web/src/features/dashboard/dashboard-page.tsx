import { useSession } from "@/features/auth/queries";
import { CoinAnalyticsPanel } from "./coin-analytics-panel";
import { FollowDialog } from "./follow-dialog";
import { HelpButton } from "./help-dialog";
import { QuickActions } from "./quick-actions";
import { RecentActivity } from "./recent-activity";
import { StatTiles } from "./stat-tiles";

function greeting(date: Date): string {
  const hour = date.getHours();
  if (hour < 12) return "Good morning";
  if (hour < 17) return "Good afternoon";
  return "Good evening";
}

export default function DashboardPage() {
  const { data: user } = useSession();

  return (
    <div className="flex flex-col gap-6 sm:gap-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {greeting(new Date())}
          {user ? <span className="break-all">, {user.username}</span> : null}
        </h1>
        <p className="text-sm text-muted-foreground sm:text-base">Here's what's happening with your trades today.</p>
      </header>

      <section aria-label="Your stats">
        <StatTiles />
      </section>

      <section aria-label="Quick actions">
        <QuickActions />
      </section>

      <div className="grid gap-6 lg:grid-cols-[2fr_3fr]">
        <CoinAnalyticsPanel />
        <RecentActivity />
      </div>

      <FollowDialog />
      <HelpButton />
    </div>
  );
}
