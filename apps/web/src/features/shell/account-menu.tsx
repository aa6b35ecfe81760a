import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { LogOut } from "lucide-react";
import { ROLE_LABELS, type Me } from "@p2p/shared";
import { Badge } from "@/ui/badge";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/ui/dropdown-menu";
import type { OnDemandMenuProps } from "@/ui/menu-on-demand";
import type { NavItem } from "./navigation";
import { UserAvatar } from "./user-avatar";

type AccountMenuProps = OnDemandMenuProps & { user: Me; items: NavItem[]; onSignOut: () => void; signingOut: boolean };

/** The header's account menu: who is signed in, Profile, Settings, Sign Out (loaded on demand: `TopNav`). */
export default function AccountMenu({ trigger, defaultOpen, user, items, onSignOut, signingOut }: AccountMenuProps) {
  const { t } = useTranslation();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel className="flex items-center gap-3 py-2 font-normal text-foreground">
          <UserAvatar name={user.full_name || user.username} />
          <span className="min-w-0">
            <span className="block truncate text-sm font-semibold">{user.full_name || user.username}</span>
            <span className="block truncate text-xs text-muted-foreground">@{user.username}</span>
          </span>
          <Badge variant="secondary" className="ms-auto">
            {t(ROLE_LABELS[user.role])}
          </Badge>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {items
          .filter((item) => item.to === "/profile" || item.to === "/settings")
          .map((item) => (
            <DropdownMenuItem key={item.to} asChild>
              <Link to={item.to}>
                <item.icon className="text-muted-foreground" />
                {t(item.label)}
              </Link>
            </DropdownMenuItem>
          ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" disabled={signingOut} onSelect={onSignOut}>
          <LogOut className="rtl:rotate-180" />
          {t("Sign Out")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
