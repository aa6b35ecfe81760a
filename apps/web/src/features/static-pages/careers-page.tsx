import { useTranslation } from "@/i18n/use-translation";
import { msg } from "@p2p/shared";
import { Briefcase, Clock, MapPin } from "lucide-react";
import { Badge } from "@/ui/badge";
import { PageBody, PageHero, Prose } from "./page-parts";

const CAREERS_EMAIL = "careers@naijap2p.com";

const ROLES = [
  {
    title: msg("Senior Backend Engineer (Payments & Ledger)"),
    team: msg("Engineering"),
    location: msg("Lagos or remote (Nigeria)"),
    type: msg("Full-time"),
    body: msg("Own the double-entry ledger and escrow engine: PostgreSQL, TypeScript, and correctness under retries and crashes."),
  },
  {
    title: msg("Frontend Engineer (Web & Mobile)"),
    team: msg("Engineering"),
    location: msg("Remote (Africa time zones)"),
    type: msg("Full-time"),
    body: msg("Build fast, accessible trading screens in React that work beautifully on a mid-range Android phone on 3G."),
  },
  {
    title: msg("Customer Support Agent (Night shift)"),
    team: msg("Support"),
    location: msg("Lagos"),
    type: msg("Full-time, shifts"),
    body: msg("Help traders through live chat and complaints, in English plus at least one of Yoruba, Igbo, Hausa or Pidgin."),
  },
  {
    title: msg("Dispute Resolution Specialist"),
    team: msg("Trust & Safety"),
    location: msg("Abuja or Lagos"),
    type: msg("Full-time"),
    body: msg("Review appeals, weigh bank evidence and chat history, and write clear, fair decisions both traders can understand."),
  },
  {
    title: msg("Compliance Analyst (KYC/AML)"),
    team: msg("Compliance"),
    location: msg("Lagos"),
    type: msg("Full-time"),
    body: msg("Verify merchant applications, monitor for fraud patterns and keep our processes aligned with Nigerian regulation."),
  },
];

export default function CareersPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHero eyebrow={t("Careers")} title={t("Help millions of people trade without fear")}>
        {t(
          "We're a small team building the trust layer for peer-to-peer crypto in Nigeria. If you care about getting money right, we'd love to hear from you.",
        )}
      </PageHero>
      <PageBody>
        <Prose className="max-w-3xl">
          <h2>{t("How we work")}</h2>
          <ul>
            <li>{t("Remote-friendly, with hubs in Lagos and Abuja and a team week together every quarter.")}</li>
            <li>{t("Competitive naira salary, paid on time, with an annual review and a learning budget.")}</li>
            <li>{t("Health insurance (HMO) for you and your immediate family, and a home-internet and power allowance.")}</li>
            <li>{t("Small teams, written decisions, and a strong habit of testing anything that touches money.")}</li>
          </ul>
        </Prose>
        <h2 className="mt-12 text-xl font-semibold tracking-tight">{t("Open roles")}</h2>
        <ul className="mt-4 grid gap-3">
          {ROLES.map((role) => (
            <li key={role.title} className="rounded-xl border bg-card p-5">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h3 className="min-w-0 font-semibold">{t(role.title)}</h3>
                <Badge variant="secondary">{t(role.team)}</Badge>
              </div>
              <p className="mt-2 text-sm text-muted-foreground">{t(role.body)}</p>
              <div className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
                <span className="inline-flex items-center gap-1.5">
                  <MapPin className="size-3.5" aria-hidden />
                  {t(role.location)}
                </span>
                <span className="inline-flex items-center gap-1.5">
                  <Clock className="size-3.5" aria-hidden />
                  {t(role.type)}
                </span>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex gap-4 rounded-2xl border bg-muted/40 p-6">
          <Briefcase className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
          <div className="min-w-0 text-sm">
            <p className="font-semibold">{t("How to apply")}</p>
            <p className="mt-1 break-words text-muted-foreground">
              {t(
                "Send your CV and a few lines about something you built or fixed that you're proud of, with the role title in the subject, to {{email}}. We reply to every application within two weeks.",
                { email: CAREERS_EMAIL },
              )}
            </p>
          </div>
        </div>
      </PageBody>
    </>
  );
}
