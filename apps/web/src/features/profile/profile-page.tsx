import type { ReactNode } from "react";
import { useTranslation } from "@/i18n/use-translation";
import { Trans } from "@/i18n/trans";
import { AlertCircle, Gift, Mail, Phone, RotateCw, Star, UserRound, Users } from "lucide-react";
import { ROLE_LABELS, type ProfileResponse } from "@p2p/shared";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { CopyButton } from "@/ui/copy-button";
import { EmptyState } from "@/ui/empty-state";
import { PageHeader } from "@/ui/page-header";
import { Skeleton } from "@/ui/skeleton";
import { showCount, showDate, showDateTime, showPercent, showScore } from "@/i18n/format";
import { translateServerText } from "@/i18n/server-text";
import { useMyProfile } from "./queries";

/** /profile: who you are, your trading record, your referrals and the ratings you received. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const profile = useMyProfile();

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <PageHeader title={t("Profile")} description={t("Your account, your trading record and the people you invited.")} />
      {profile.isError ? (
        <Card role="alert" className="flex flex-col items-start gap-3 p-5 sm:flex-row sm:items-center">
          <AlertCircle className="size-5 shrink-0 text-destructive" aria-hidden />
          <div className="flex-1">
            <p className="text-sm font-medium">{t("We couldn't load your profile.")}</p>
            <p className="text-sm text-muted-foreground">{translateServerText(profile.error.message)}</p>
          </div>
          <Button variant="outline" size="sm" onClick={() => void profile.refetch()} disabled={profile.isFetching}>
            <RotateCw className={profile.isFetching ? "animate-spin" : undefined} />
            {t("Try again")}
          </Button>
        </Card>
      ) : profile.isPending ? (
        <div className="grid gap-4" aria-busy="true" aria-label={t("Loading profile")}>
          <Skeleton className="h-36 w-full" />
          <div className="grid grid-cols-3 gap-3">
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
          <Skeleton className="h-40 w-full" />
        </div>
      ) : (
        <ProfileBody profile={profile.data} />
      )}
    </div>
  );
}

function ProfileBody({ profile }: { profile: ProfileResponse }) {
  const { t } = useTranslation();
  return (
    <>
      <Card>
        <CardContent className="flex flex-col gap-5 p-5 sm:flex-row sm:items-center sm:p-6">
          <span className="flex size-16 shrink-0 items-center justify-center rounded-full bg-primary/12 text-2xl font-bold uppercase text-primary">
            {profile.username.slice(0, 1)}
          </span>
          <div className="grid min-w-0 flex-1 gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="max-w-full truncate text-xl font-bold tracking-tight" title={profile.username} data-testid="profile-username">
                {profile.username}
              </h2>
              <Badge variant={profile.role === "user" ? "muted" : "success"}>{t(ROLE_LABELS[profile.role])}</Badge>
            </div>
            <p className="text-sm text-muted-foreground">{profile.full_name}</p>
            <dl className="mt-2 grid gap-1.5 text-sm sm:grid-cols-2">
              <Detail icon={<Mail aria-hidden />} label={t("Email")}>
                <span className="break-all">{profile.email}</span>
              </Detail>
              <Detail icon={<Phone aria-hidden />} label={t("Phone")}>
                {profile.phone_number ?? <span className="text-muted-foreground">{t("Not added yet")}</span>}
              </Detail>
              <Detail icon={<UserRound aria-hidden />} label={t("Member since")}>
                {t("Member since {{date}}", { date: showDate(profile.member_since) })}
              </Detail>
            </dl>
          </div>
        </CardContent>
      </Card>

      <ul className="grid grid-cols-3 gap-3 sm:gap-4" aria-label={t("Trading record")}>
        <Stat label={t("Reputation")} value={showScore(profile.reputation_score)} hint={t("Average rating out of 5")} />
        <Stat label={t("Total trades")} value={showCount(profile.total_trades)} hint={t("Completed orders")} />
        <Stat
          label={t("Completion rate")}
          value={profile.completion_rate === null ? "—" : showPercent(profile.completion_rate)}
          hint={
            profile.completion_rate === null ? t("No finished orders yet") : t("Completed of {{count}} orders", { count: profile.completion_orders })
          }
        />
      </ul>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Gift className="size-5 text-primary" aria-hidden />
            {t("Invite friends")}
          </CardTitle>
          <CardDescription>{t("Share your code or link. People who sign up with it appear below.")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <div className="grid gap-3 sm:grid-cols-[auto_1fr]">
            <div className="grid gap-1.5">
              <p className="text-xs font-medium text-muted-foreground">{t("Referral code")}</p>
              <div className="flex items-center gap-2">
                <code data-testid="referral-code" className="rounded-md bg-muted px-3 py-2 font-mono text-sm font-semibold tracking-wider">
                  {profile.referral_code}
                </code>
                <CopyButton value={profile.referral_code} label={t("referral code")} />
              </div>
            </div>
            <div className="grid min-w-0 gap-1.5">
              <p className="text-xs font-medium text-muted-foreground">{t("Referral link")}</p>
              <div className="flex min-w-0 items-center gap-2">
                <code className="min-w-0 flex-1 truncate rounded-md bg-muted px-3 py-2 font-mono text-sm" title={profile.referral_link}>
                  {profile.referral_link}
                </code>
                <CopyButton value={profile.referral_link} label={t("referral link")} showText />
              </div>
            </div>
          </div>
          <div className="grid gap-2">
            <h3 className="flex items-center gap-2 text-sm font-semibold">
              <Users className="size-4 text-muted-foreground" aria-hidden />
              {t("People you invited")}
              <Badge variant="muted">{showCount(profile.referred_users.length)}</Badge>
            </h3>
            {profile.referred_users.length === 0 ? (
              <EmptyState
                className="rounded-lg border border-dashed py-6"
                icon={<Users aria-hidden />}
                title={t("No one has joined with your code yet")}
                description={t("Share your link with friends who trade crypto.")}
              />
            ) : (
              <ul className="divide-y rounded-lg border" aria-label={t("People you invited")}>
                {profile.referred_users.map((user) => (
                  <li key={`${user.username}-${user.joined_at}`} className="flex items-center justify-between gap-3 px-4 py-2.5 text-sm">
                    <span className="min-w-0 truncate font-medium" title={user.username}>
                      {user.username}
                    </span>
                    <span className="shrink-0 text-muted-foreground">{t("Joined {{date}}", { date: showDate(user.joined_at) })}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Star className="size-5 text-amber-500" aria-hidden />
            {t("Ratings received")}
          </CardTitle>
          <CardDescription>{t("What your trade partners said after completed orders.")}</CardDescription>
        </CardHeader>
        <CardContent>
          {profile.ratings.length === 0 ? (
            <EmptyState
              className="rounded-lg border border-dashed py-6"
              icon={<Star aria-hidden />}
              title={t("No ratings yet")}
              description={t("After a completed trade, your partner can rate you from 1 to 5 stars.")}
            />
          ) : (
            <ul className="divide-y rounded-lg border" aria-label={t("Ratings received")}>
              {profile.ratings.map((rating) => (
                <li key={rating.id} className="grid gap-1 px-4 py-3 text-sm">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <Stars value={rating.stars} />
                    <span className="text-xs text-muted-foreground">{showDateTime(rating.created_at)}</span>
                  </div>
                  {rating.comment && <p className="whitespace-pre-wrap break-words">{rating.comment}</p>}
                  <p className="text-muted-foreground">
                    <Trans
                      i18nKey="from <b>{{username}}</b>"
                      values={{ username: rating.from_username }}
                      components={{ b: <span className="font-medium text-foreground" /> }}
                    />
                  </p>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </>
  );
}

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-center gap-2 [&>svg]:size-4 [&>svg]:shrink-0 [&>svg]:text-muted-foreground">
      {icon}
      <dt className="sr-only">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

function Stat({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <li>
      <Card className="flex h-full flex-col gap-2 p-4 sm:p-5">
        <p className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</p>
        <p className="text-xl font-bold tracking-tight tabular sm:text-3xl">{value}</p>
        <p className="hidden text-xs text-muted-foreground sm:block">{hint}</p>
      </Card>
    </li>
  );
}

function Stars({ value }: { value: number }) {
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-0.5" role="img" aria-label={t("{{count}} out of 5 stars", { count: value })}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} className={n <= value ? "size-4 fill-amber-400 text-amber-400" : "size-4 text-muted-foreground/40"} aria-hidden />
      ))}
    </span>
  );
}
