import { lazy, useCallback, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { Check, Gavel, HandCoins, MessageCircle, ShieldCheck, Undo2, Wallet, XCircle, type LucideIcon } from "lucide-react";
import type { Order, OrderAction } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { Button, type ButtonProps } from "@/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/ui/card";
import { MountOnceOpened } from "@/ui/mount-once-opened";
import { PinnedActionBar } from "./pinned-action-bar";
import { ACTION_UI, DIALOG_ACTIONS, primaryAction, visibleActions, type ActionTone, type DialogAction } from "./order-view";
import { isClosed } from "./queries";
import type { Viewer } from "./viewer";

// The confirmation dialogs (react-hook-form, zod) load when a move is first chosen, not with the order.
const ActionDialog = lazy(() => import("./action-dialog").then((m) => ({ default: m.ActionDialog })));

const ICON: Partial<Record<OrderAction, LucideIcon>> = {
  accept: Check,
  mark_paid: HandCoins,
  confirm_payment: ShieldCheck,
  withdraw_appeal: Undo2,
  open_appeal: Gavel,
  cancel: XCircle,
  resolve_release: Gavel,
  resolve_refund: Gavel,
};

const VARIANT: Record<ActionTone, ButtonProps["variant"]> = {
  primary: "default",
  secondary: "outline",
  danger: "outline",
  admin: "default",
};

const isDialogAction = (action: OrderAction): action is DialogAction => (DIALOG_ACTIONS as readonly OrderAction[]).includes(action);

/**
 * Exactly the actions the API allows this caller now (allowed_actions), each behind a confirmation,
 * plus the order chat. On phones the main action is pinned above the tab bar.
 */
export function OrderActions({ order, viewer }: { order: Order; viewer: Viewer }) {
  const { t } = useTranslation();
  const [active, setActive] = useState<DialogAction | null>(null);
  const close = useCallback(() => setActive(null), []);
  const actions = visibleActions(order.allowed_actions);
  const primary = primaryAction(order.allowed_actions);
  const isParty = order.my_side !== null;
  const closed = isClosed(order.status);
  const hasMore = isParty || actions.length !== 1 || primary === undefined;

  return (
    <>
      {/* On phones a card holding only the pinned action would be empty. */}
      <Card className={cn(!hasMore && "hidden md:block")}>
        <CardHeader className="pb-3">
          <CardTitle className="text-base">{actions.length > 0 ? t("What you can do") : closed ? t("Order closed") : t("Actions")}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-2">
          {actions.length === 0 && (
            <p className="pb-1 text-sm text-muted-foreground">
              {!isParty
                ? t("You can't act on this order.")
                : closed
                  ? t("This trade is finished; nothing is left to do. The chat stays available for your records.")
                  : t("Nothing for you to do right now. This page updates by itself.")}
            </p>
          )}
          {actions.map((action) => (
            <ActionButton
              key={action}
              action={action}
              onPick={setActive}
              // The phone's pinned bar carries the primary action; the card keeps it from tablets up.
              className={cn("h-11 md:h-10", action === primary && "hidden md:inline-flex")}
            />
          ))}
          {isParty && (
            <Button asChild variant="secondary" className="h-11 w-full md:h-10">
              <Link to={`/chat/${order.id}`}>
                <MessageCircle />
                {t("Open chat")}
              </Link>
            </Button>
          )}
          {isParty && closed && order.escrow_locked && (
            <Button asChild variant="ghost" className="h-11 w-full md:h-10">
              <Link to="/wallet">
                <Wallet />
                {t("View wallet")}
              </Link>
            </Button>
          )}
        </CardContent>
      </Card>

      {primary && (
        <PinnedActionBar>
          <ActionButton action={primary} onPick={setActive} size="lg" className="mx-auto flex max-w-lg" />
        </PinnedActionBar>
      )}

      <MountOnceOpened opened={active !== null}>
        <ActionDialog action={active} order={order} viewer={viewer} onClose={close} />
      </MountOnceOpened>
    </>
  );
}

type ActionButtonProps = { action: OrderAction; onPick: (action: DialogAction) => void; className?: string; size?: ButtonProps["size"] };

function ActionButton({ action, onPick, className, size }: ActionButtonProps) {
  const { t } = useTranslation();
  const ui = ACTION_UI[action];
  if (!ui) return null;
  const Icon = ICON[action];
  const classes = cn("w-full", ui.tone === "danger" && "text-destructive hover:text-destructive", className);
  if (!isDialogAction(action)) {
    return (
      <Button asChild variant={VARIANT[ui.tone]} size={size} className={classes}>
        <Link to="/admin">
          {Icon && <Icon />}
          <span className="truncate">{t(ui.label)}</span>
        </Link>
      </Button>
    );
  }
  return (
    <Button variant={VARIANT[ui.tone]} size={size} className={classes} onClick={() => onPick(action)}>
      {Icon && <Icon />}
      <span className="truncate">{t(ui.label)}</span>
    </Button>
  );
}
