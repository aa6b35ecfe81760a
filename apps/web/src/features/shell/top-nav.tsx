import { lazy } from "react";
import { Link, NavLink } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { ChevronDown, Menu, MoreHorizontal } from "lucide-react";
import { ROLE_LABELS, type Me } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { MenuOnDemand } from "@/ui/menu-on-demand";
import { ThemeToggle } from "@/features/theme/theme-toggle";
import { Logo } from "./logo";
import { CountBadge } from "./nav-badges";
import { NAV_BY_ROLE, type BadgeCounts } from "./navigation";
import { UserAvatar } from "./user-avatar";

const loadMoreMenu = () => import("./more-menu");
const loadAccountMenu = () => import("./account-menu");
/** The header's two menus load when first opened (`MenuOnDemand`). */
const MoreMenu = lazy(loadMoreMenu);
const AccountMenu = lazy(loadAccountMenu);

type TopNavProps = {
  user: Me;
  counts: BadgeCounts;
  onOpenMenu: () => void;
  onSignOut: () => void;
  signingOut: boolean;
};

/** The signed-in header: logo, the role's navigation, notifications, theme, role and account. */
export function TopNav({ user, counts, onOpenMenu, onSignOut, signingOut }: TopNavProps) {
  const { t } = useTranslation();
  const items = NAV_BY_ROLE[user.role];
  const barItems = items.filter((item) => item.placement === "bar");
  const moreItems = items.filter((item) => item.placement === "more");
  const iconItems = items.filter((item) => item.placement === "icon");
  const moreBadge = moreItems.reduce((sum, item) => sum + ((item.badge && counts[item.badge]) || 0), 0);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 w-full max-w-7xl items-center gap-2 px-3 min-[375px]:px-4 sm:px-6 lg:px-8">
        <Link
          to="/dashboard"
          className="me-1 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={t("NaijaP2P dashboard")}
        >
          <Logo />
        </Link>

        <nav aria-label={t("Main")} className="hidden min-w-0 items-center gap-0.5 lg:flex">
          {barItems.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className={({ isActive }) =>
                cn(
                  "relative inline-flex h-9 items-center gap-1.5 whitespace-nowrap rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground",
                  isActive && "bg-accent text-accent-foreground",
                )
              }
            >
              {t(item.label)}
              <CountBadge counts={counts} badge={item.badge} />
            </NavLink>
          ))}
          {moreItems.length > 0 && (
            <MenuOnDemand
              preload={loadMoreMenu}
              trigger={
                <Button variant="ghost" size="sm" className="h-9 gap-1 px-3 text-sm text-muted-foreground">
                  <MoreHorizontal />
                  {t("More")}
                  {moreBadge > 0 && <span className="size-2 rounded-full bg-destructive" aria-label={t("New activity")} />}
                  <ChevronDown className="opacity-60" />
                </Button>
              }
            >
              {(menu) => <MoreMenu {...menu} items={moreItems} counts={counts} />}
            </MenuOnDemand>
          )}
        </nav>

        <div className="ms-auto flex items-center gap-1">
          <Badge
            variant="secondary"
            className="me-0.5 hidden px-2 min-[400px]:inline-flex sm:me-1 sm:px-2.5"
            aria-label={t("Signed in as {{role}}", { role: t(ROLE_LABELS[user.role]) })}
          >
            {t(ROLE_LABELS[user.role])}
          </Badge>
          {iconItems.map((item) => (
            <Button key={item.to} asChild variant="ghost" size="icon" className="relative size-9">
              <NavLink to={item.to}>
                <item.icon aria-hidden />
                {/* The name is the label plus the badge's own words ("Notifications 3 unread"), so it holds the visible count. */}
                <span className="sr-only">{t(item.label)}</span>
                <CountBadge counts={counts} badge={item.badge} className="absolute -end-0.5 -top-0.5" />
              </NavLink>
            </Button>
          ))}
          {/* Phones reach the theme from the menu sheet; the bar keeps room for badges. */}
          <span className="hidden sm:contents">
            <ThemeToggle />
          </span>

          <MenuOnDemand
            preload={loadAccountMenu}
            trigger={
              <button
                type="button"
                className="ms-1 hidden items-center gap-2 rounded-full p-0.5 pe-2 transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:inline-flex"
                aria-label={t("Account menu")}
              >
                <UserAvatar name={user.full_name || user.username} className="size-8 text-xs" />
                <span className="hidden max-w-32 truncate text-sm font-medium xl:inline">{user.username}</span>
                <ChevronDown className="size-4 text-muted-foreground" />
              </button>
            }
          >
            {(menu) => <AccountMenu {...menu} user={user} items={items} onSignOut={onSignOut} signingOut={signingOut} />}
          </MenuOnDemand>

          <Button variant="ghost" size="icon" className="size-9 lg:hidden" aria-label={t("Open menu")} onClick={onOpenMenu}>
            <Menu className="size-5!" />
          </Button>
        </div>
      </div>
    </header>
  );
}
