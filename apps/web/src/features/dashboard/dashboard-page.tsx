import { useTranslation } from "@/i18n/use-translation";
import { Trans } from "@/i18n/trans";
import { msg } from "@p2p/shared";
import { useSession } from "@/features/auth/queries";
import { NotificationPermissionPrompt } from "@/features/notifications/permission-prompt";
import { CoinAnalyticsPanel } from "./coin-analytics-panel";
import { FollowDialog } from "./follow-dialog";
import { HelpButton } from "./help-button";
import { QuickActions } from "./quick-actions";
import { RecentActivity } from "./recent-activity";
import { StatTiles } from "./stat-tiles";

/** The greeting for the hour, with the person's name when known (a key). */
function greeting(date: Date, named: boolean): string {
  const hour = date.getHours();
  if (hour < 12) return named ? msg("Good morning, <name>{{username}}</name>") : msg("Good morning");
  if (hour < 17) return named ? msg("Good afternoon, <name>{{username}}</name>") : msg("Good afternoon");
  return named ? msg("Good evening, <name>{{username}}</name>") : msg("Good evening");
}

export default function DashboardPage() {
  const { t } = useTranslation();
  const { data: user } = useSession();

  return (
    <>
      {/* Asked here, where a person lands after signing in; not part of every screen's frame. */}
      <NotificationPermissionPrompt />
      <div className="flex flex-col gap-6 sm:gap-8">
        <header className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            <Trans
              i18nKey={greeting(new Date(), Boolean(user))}
              values={{ username: user?.username }}
              // A long username moves to its own line whole; only one longer than the line breaks.
              components={{ name: <span className="break-words" /> }}
            />
          </h1>
          <p className="text-sm text-muted-foreground sm:text-base">{t("Here's what's happening with your trades today.")}</p>
        </header>

        <section aria-label={t("Your stats")}>
          <StatTiles />
        </section>

        <section aria-label={t("Quick actions")}>
          <QuickActions />
        </section>

        <div className="grid gap-6 lg:grid-cols-[2fr_3fr]">
          <CoinAnalyticsPanel />
          <RecentActivity />
        </div>

        <FollowDialog />
        <HelpButton />
      </div>
    </>
  );
}
