import {
  ArrowLeftRight,
  Bell,
  BadgeCheck,
  ClipboardList,
  Coins,
  History,
  Headset,
  Home,
  MessageCircle,
  LayoutDashboard,
  LineChart,
  MessagesSquare,
  MessageSquareWarning,
  Scale,
  Settings,
  ShieldCheck,
  Store,
  Tags,
  Ticket,
  UserRound,
  Wallet,
  type LucideIcon,
} from "lucide-react";
import { msg, type Role } from "@p2p/shared";

/** Counters a nav entry may carry. Only pendingOrders is wired today; the rest arrive with realtime. */
export type BadgeKey = "pendingOrders" | "notifications" | "messages" | "groupChat";
export type BadgeCounts = Partial<Record<BadgeKey, number>>;

export type NavItem = {
  label: string;
  to: string;
  icon: LucideIcon;
  badge?: BadgeKey;
  /** Desktop top bar: shown inline, in the "More" menu, or as an icon button (notifications). */
  placement?: "bar" | "more" | "icon";
};

const dashboard: NavItem = { label: msg("Dashboard"), to: "/dashboard", icon: LayoutDashboard, placement: "bar" };
const price: NavItem = { label: msg("Price"), to: "/price", icon: LineChart, placement: "bar" };
const listedCoins: NavItem = { label: msg("Listed Coins"), to: "/listed-coins", icon: Coins, placement: "bar" };
/** Not in the spec's lists (the wallet screen is ours, DESIGN §2): in the "more" menu, beside Transaction History. */
const wallet: NavItem = { label: msg("Wallet"), to: "/wallet", icon: Wallet, placement: "more" };
const history: NavItem = { label: msg("Transaction History"), to: "/transaction-history", icon: History, placement: "more" };
const settings: NavItem = { label: msg("Settings"), to: "/settings", icon: Settings, placement: "more" };
const profile: NavItem = { label: msg("Profile"), to: "/profile", icon: UserRound, placement: "more" };
const notifications: NavItem = {
  label: msg("Notifications"),
  to: "/notifications",
  icon: Bell,
  badge: "notifications",
  placement: "icon",
};

const messages: NavItem = { label: msg("Messages"), to: "/chat", icon: MessageCircle, badge: "messages", placement: "icon" };
const liveChat: NavItem = { label: msg("Live Chat"), to: "/live-chat", icon: Headset, placement: "more" };
/** Not in the spec's lists: the screens of issue #5 (support) behind the "more" menu. */
const appealsItem: NavItem = { label: msg("Appeals"), to: "/appeals", icon: Scale, placement: "more" };
const complaintsItem: NavItem = { label: msg("My Complaints"), to: "/tickets-complaints", icon: MessageSquareWarning, placement: "more" };

/** The navigation set of each role, in the spec's order and with its exact labels (spec §2). */
export const NAV_BY_ROLE: Record<Role, NavItem[]> = {
  user: [
    dashboard,
    price,
    listedCoins,
    { label: msg("Trade with Merchants"), to: "/trade-merchants", icon: ArrowLeftRight, placement: "bar" },
    { label: msg("Order"), to: "/order", icon: ClipboardList, badge: "pendingOrders", placement: "bar" },
    { label: msg("Apply as Merchant"), to: "/merchant-application", icon: BadgeCheck, placement: "more" },
    history,
    wallet,
    liveChat,
    appealsItem,
    complaintsItem,
    settings,
    profile,
    messages,
    notifications,
  ],
  merchant: [
    dashboard,
    price,
    listedCoins,
    { label: msg("Marketplace"), to: "/marketplace", icon: Store, placement: "bar" },
    { label: msg("Orders"), to: "/merchant-orders", icon: ClipboardList, badge: "pendingOrders", placement: "bar" },
    { label: msg("Tickets for Trade"), to: "/tickets", icon: Ticket, placement: "more" },
    { label: msg("Merchant Group Chat"), to: "/merchant-group-chat", icon: MessagesSquare, badge: "groupChat", placement: "more" },
    { label: msg("Price Update"), to: "/price-update", icon: Tags, placement: "more" },
    history,
    wallet,
    liveChat,
    appealsItem,
    complaintsItem,
    settings,
    profile,
    messages,
    notifications,
  ],
  admin: [
    dashboard,
    { label: msg("Admin Panel"), to: "/admin", icon: ShieldCheck, placement: "bar" },
    { label: msg("Tickets Management"), to: "/tickets-payment-view", icon: Ticket, placement: "bar" },
    { label: msg("Live Chat"), to: "/live-chat", icon: Headset, placement: "more" },
    appealsItem,
    { label: msg("Merchant Group Chat"), to: "/merchant-group-chat", icon: MessagesSquare, badge: "groupChat", placement: "more" },
    { ...settings, placement: "bar" },
    { ...profile, placement: "bar" },
    { ...messages, label: msg("Order Chats") },
    notifications,
  ],
};

const home: NavItem = { label: msg("Home"), to: "/dashboard", icon: Home };
const historyTab: NavItem = { label: msg("History"), to: "/transaction-history", icon: History };
const profileTab: NavItem = { label: msg("Profile"), to: "/profile", icon: UserRound };

/** The phone's bottom tab bar (spec §2 "Bottom bar"); admins get their own working set. */
export const BOTTOM_TABS_BY_ROLE: Record<Role, NavItem[]> = {
  user: [
    home,
    { label: msg("Buy/Sell"), to: "/trade-merchants", icon: ArrowLeftRight },
    { label: msg("My Order"), to: "/order", icon: ClipboardList, badge: "pendingOrders" },
    historyTab,
    profileTab,
  ],
  merchant: [
    home,
    { label: msg("My Orders"), to: "/merchant-orders", icon: ClipboardList, badge: "pendingOrders" },
    historyTab,
    { label: msg("Marketplace"), to: "/marketplace", icon: Store },
    profileTab,
  ],
  admin: [
    home,
    { label: msg("Admin"), to: "/admin", icon: ShieldCheck },
    { label: msg("Tickets"), to: "/tickets-payment-view", icon: Ticket },
    { label: msg("Settings"), to: "/settings", icon: Settings },
    profileTab,
  ],
};

/** Titles of signed-in screens that are not in any nav set, for headings. */
const EXTRA_TITLES: Record<string, string> = {
  "/order": "Order",
  "/chat": "Order Chat",
  "/appeals": "Appeals",
  "/tickets-complaints": "My Complaints",
  "/live-chat": "Live Chat",
  "/merchant-orders": "Orders",
  "/tickets": "Tickets for Trade",
};

/** The human title of a signed-in path, from the nav data first, then from the path itself. */
export function titleForPath(pathname: string): string {
  const base = "/" + (pathname.split("/")[1] ?? "");
  const extra = EXTRA_TITLES[base];
  if (extra) return extra;
  for (const items of Object.values(NAV_BY_ROLE)) {
    const hit = items.find((item) => item.to === base);
    if (hit) return hit.label;
  }
  return base
    .slice(1)
    .split("-")
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(" ");
}
