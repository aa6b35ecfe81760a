import { NavLink } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/ui/dropdown-menu";
import type { OnDemandMenuProps } from "@/ui/menu-on-demand";
import { CountBadge } from "./nav-badges";
import type { BadgeCounts, NavItem } from "./navigation";

/** The header's More menu: the role's pages that do not fit the bar (loaded on demand: `TopNav`). */
export default function MoreMenu({ trigger, defaultOpen, items, counts }: OnDemandMenuProps & { items: NavItem[]; counts: BadgeCounts }) {
  const { t } = useTranslation();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="min-w-56">
        {items.map((item) => (
          <DropdownMenuItem key={item.to} asChild>
            <NavLink to={item.to}>
              <item.icon className="text-muted-foreground" />
              <span className="flex-1">{t(item.label)}</span>
              <CountBadge counts={counts} badge={item.badge} />
            </NavLink>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
