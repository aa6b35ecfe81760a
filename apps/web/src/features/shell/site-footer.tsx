import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { MESSAGES, msg } from "@p2p/shared";
import { Logo } from "./logo";
import { SocialIconLinks } from "./social-links";

const COLUMNS: { title: string; links: { label: string; to: string }[] }[] = [
  {
    title: msg("Support"),
    links: [
      { label: msg("Help Center"), to: "/help" },
      { label: msg("Contact Us"), to: "/help#contact" },
      { label: msg("Status"), to: "/status" },
    ],
  },
  {
    title: msg("Company"),
    links: [
      { label: msg("About"), to: "/about" },
      { label: msg("Careers"), to: "/careers" },
    ],
  },
  {
    title: msg("Legal"),
    links: [
      { label: msg("Terms & Agreements"), to: "/terms" },
      { label: msg("Privacy"), to: "/privacy" },
      { label: msg("Merchant Agreement"), to: "/merchant-agreement" },
    ],
  },
];

/** The public footer (landing and static pages, spec §2). */
export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="below-fold border-t bg-muted/40">
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_repeat(3,1fr)] lg:px-8">
        <div className="flex flex-col gap-4">
          <Link to="/" className="self-start rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            <Logo />
          </Link>
          <p className="max-w-xs text-sm text-muted-foreground">
            {t(MESSAGES.tagline)}. {t("Buy and sell coins for naira with verified merchants, protected by escrow.")}
          </p>
          <SocialIconLinks />
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-3 md:col-span-3">
          {COLUMNS.map((column) => (
            <div key={column.title}>
              <h2 className="text-sm font-semibold">{t(column.title)}</h2>
              <ul className="mt-3 flex flex-col gap-2.5 text-sm">
                {column.links.map((link) => (
                  <li key={link.label}>
                    <Link to={link.to} className="text-muted-foreground transition-colors hover:text-foreground">
                      {t(link.label)}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
      <div className="border-t">
        <div className="mx-auto flex w-full max-w-6xl flex-col gap-2 px-4 py-5 text-xs text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>
            © {new Date().getFullYear()} {t("NaijaP2P. All rights reserved.")}
          </p>
          <p>{t("Crypto assets are volatile. Trade only what you can afford to lose.")}</p>
        </div>
      </div>
    </footer>
  );
}
