import type { ComponentType } from "react";
import {
  ArrowDownToLine,
  BadgeCheck,
  Headset,
  ScrollText,
  Users,
  ArrowUpFromLine,
  Coins,
  Landmark,
  LayoutGrid,
  Network,
  MessageSquareWarning,
  Scale,
  type LucideIcon,
} from "lucide-react";
import { msg, type AdminOverview } from "@p2p/shared";
import AppealsSection from "./appeals-section";
import AuditLogSection from "./audit-log-section";
import MerchantApplicationsSection from "./merchant-applications-section";
import UsersSection from "./users-section";
import CoinsSection from "./coins-section";
import NetworksSection from "./networks-section";
import ComplaintsSection from "./complaints-section";
import DepositsSection from "./deposits-section";
import LiveChatSection from "./live-chat-section";
import OverviewSection from "./overview-section";
import ReservesSection from "./reserves-section";
import WithdrawalsSection from "./withdrawals-section";

export type AdminSection = {
  /** The `?section=` value: stable, so links and bookmarks keep working. */
  id: string;
  /** English, a translation key: shown through t(). */
  label: string;
  icon: LucideIcon;
  component: ComponentType;
  /** Items waiting in this section's queue, shown beside its name. */
  count?: (overview: AdminOverview) => number;
};

/**
 * The admin panel's sections in menu order. A new section is one file in this folder and one
 * entry here.
 */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { id: "overview", label: msg("Overview"), icon: LayoutGrid, component: OverviewSection },
  { id: "deposits", label: msg("Deposits"), icon: ArrowDownToLine, component: DepositsSection, count: (o) => o.pending_deposits },
  { id: "withdrawals", label: msg("Withdrawals"), icon: ArrowUpFromLine, component: WithdrawalsSection, count: (o) => o.pending_withdrawals },
  { id: "appeals", label: msg("Appeals"), icon: Scale, component: AppealsSection, count: (o) => o.open_appeals },
  { id: "complaints", label: msg("Complaints"), icon: MessageSquareWarning, component: ComplaintsSection },
  { id: "live-chat", label: msg("Live chat"), icon: Headset, component: LiveChatSection },
  { id: "users", label: msg("Users"), icon: Users, component: UsersSection },
  {
    id: "applications",
    label: msg("Merchant applications"),
    icon: BadgeCheck,
    component: MerchantApplicationsSection,
    count: (o) => o.pending_merchant_applications,
  },
  { id: "coins", label: msg("Coins"), icon: Coins, component: CoinsSection },
  { id: "reserves", label: msg("Reserves"), icon: Landmark, component: ReservesSection },
  { id: "networks", label: msg("Networks"), icon: Network, component: NetworksSection },
  { id: "audit-log", label: msg("Audit log"), icon: ScrollText, component: AuditLogSection },
];

export function findSection(id: string | null): AdminSection {
  return ADMIN_SECTIONS.find((section) => section.id === id) ?? ADMIN_SECTIONS[0]!;
}
