import { Link, NavLink } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { LifeBuoy, Loader2, LogOut } from "lucide-react";
import { ROLE_LABELS, type Me } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { Separator } from "@/ui/separator";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/ui/sheet";
import { ThemeSegmented } from "@/features/theme/theme-toggle";
import { LanguagePicker } from "@/i18n/language-picker";
import { CountBadge } from "./nav-badges";
import { NAV_BY_ROLE, type BadgeCounts } from "./navigation";
import { UserAvatar } from "./user-avatar";

type MobileMenuProps = {
  user: Me;
  counts: BadgeCounts;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSignOut: () => void;
  signingOut: boolean;
};

/** The full navigation set in a sheet, for phones and tablets. */
export function MobileMenu({ user, counts, open, onOpenChange, onSignOut, signingOut }: MobileMenuProps) {
  const { t, i18n } = useTranslation();
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side={i18n.dir() === "rtl" ? "left" : "right"} className="gap-0 p-0">
        <SheetHeader className="border-b">
          <div className="flex items-center gap-3">
            <UserAvatar name={user.full_name || user.username} className="size-10" />
            <div className="min-w-0">
              <SheetTitle className="truncate">{user.full_name || user.username}</SheetTitle>
              <SheetDescription className="truncate">@{user.username}</SheetDescription>
            </div>
          </div>
          <Badge variant="secondary" className="mt-2 self-start">
            {t(ROLE_LABELS[user.role])}
          </Badge>
        </SheetHeader>

        <nav aria-label={t("Main")} className="flex-1 overflow-y-auto p-2">
          <ul className="flex flex-col gap-0.5">
            {NAV_BY_ROLE[user.role].map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  onClick={close}
                  className={({ isActive }) =>
                    cn(
                      "flex h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium text-foreground/80 transition-colors hover:bg-accent hover:text-foreground",
                      isActive && "bg-accent text-accent-foreground",
                    )
                  }
                >
                  <item.icon className="size-[1.125rem] text-muted-foreground" aria-hidden />
                  <span className="flex-1">{t(item.label)}</span>
                  <CountBadge counts={counts} badge={item.badge} />
                </NavLink>
              </li>
            ))}
          </ul>
          <Separator className="my-2" />
          <Link
            to="/help"
            onClick={close}
            className="flex h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium text-foreground/80 hover:bg-accent hover:text-foreground"
          >
            <LifeBuoy className="size-[1.125rem] text-muted-foreground" aria-hidden />
            {t("Help Center")}
          </Link>
        </nav>

        <div className="flex flex-col gap-3 border-t p-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
          <ThemeSegmented />
          <LanguagePicker />
          <Button variant="outline" className="w-full text-destructive hover:text-destructive" onClick={onSignOut} disabled={signingOut}>
            {signingOut ? <Loader2 className="animate-spin" /> : <LogOut className="rtl:rotate-180" />}
            {t("Sign Out")}
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}
