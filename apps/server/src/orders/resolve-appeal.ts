import { ORDER_TEXTS, fillTemplate } from "@p2p/shared";
import { and, eq, isNull, sql } from "drizzle-orm";
import { appeals } from "../db/schema.js";
import { notify } from "../notifications/notify.js";
import { AppError } from "../http/errors.js";
import { isParticipant, participantsOf, type OrderRow } from "./order-actors.js";
import { runOrderAction, type OrderActionOptions } from "./run-order-action.js";

export type AppealOutcome = "release" | "refund";

const OUTCOME_NOTICE = {
  release: ORDER_TEXTS.appealResolvedRelease,
  refund: ORDER_TEXTS.appealResolvedRefund,
} as const;

/**
 * An admin ends a dispute: release to the buyer (→ completed) or refund to the seller
 * (→ cancelled), with a written reason both parties receive (admin_feedback). Never an admin
 * who is a party to the order (four eyes, DESIGN §2): refused before anything commits.
 */
export function resolveAppeal(options: OrderActionOptions & { outcome: AppealOutcome; reason: string }): Promise<OrderRow> {
  const { caller, outcome, reason } = options;
  return runOrderAction({
    ...options,
    action: outcome === "release" ? "resolve_release" : "resolve_refund",
    reason,
    set: { close_reason: { value: `appeal resolved: ${outcome}` } },
    after: async (tx, order) => {
      if (isParticipant(order, caller.id)) throw new AppError("FORBIDDEN", ORDER_TEXTS.ownAppeal);
      await tx
        .update(appeals)
        .set({ outcome, resolutionReason: reason, resolvedBy: caller.id, resolvedAt: sql`now()` })
        .where(and(eq(appeals.orderId, order.id), isNull(appeals.resolvedAt)));
      await notify(
        tx,
        participantsOf(order).map((userId) => ({
          userId,
          type: "admin_feedback" as const,
          title: ORDER_TEXTS.appealResolvedTitle,
          message: fillTemplate(OUTCOME_NOTICE[outcome], { reason }),
          orderId: order.id,
        })),
      );
    },
  });
}
