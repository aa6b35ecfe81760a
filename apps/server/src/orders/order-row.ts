import type { OrderRow } from "./order-actors.js";

/** An orders row as raw SQL returns it (`returning *` / `select o.*`), whichever driver ran it. */
export type RawOrderRow = {
  id: string;
  creator_id: string;
  merchant_id: string | null;
  buyer_id: string | null;
  seller_id: string | null;
  status: OrderRow["status"];
  current_step: number;
  is_active: boolean;
  coin: string;
  side: string;
  price: string;
  coin_amount: string;
  naira_amount: string;
  fee_bps: number;
  fee_amount: string;
  fee_waiver: string | null;
  is_open_request: boolean;
  offer_id: string | null;
  payment_bank_name: string | null;
  payment_account_number: string | null;
  payment_account_name: string | null;
  escrow_locked_at: Date | string | null;
  appellant_id: string | null;
  accept_by: Date | string | null;
  pay_by: Date | string | null;
  confirm_by: Date | string | null;
  accepted_at: Date | string | null;
  paid_at: Date | string | null;
  completed_at: Date | string | null;
  cancelled_at: Date | string | null;
  close_reason: string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

const date = (v: Date | string) => (v instanceof Date ? v : new Date(v));
const dateOrNull = (v: Date | string | null) => (v === null ? null : date(v));

export function fromRawOrder(r: RawOrderRow): OrderRow {
  return {
    id: r.id,
    creatorId: r.creator_id,
    merchantId: r.merchant_id,
    buyerId: r.buyer_id,
    sellerId: r.seller_id,
    status: r.status,
    currentStep: Number(r.current_step),
    isActive: r.is_active,
    coin: r.coin,
    side: r.side,
    price: String(r.price),
    coinAmount: String(r.coin_amount),
    nairaAmount: String(r.naira_amount),
    feeBps: Number(r.fee_bps),
    feeAmount: String(r.fee_amount),
    feeWaiver: r.fee_waiver,
    isOpenRequest: r.is_open_request,
    offerId: r.offer_id,
    paymentBankName: r.payment_bank_name,
    paymentAccountNumber: r.payment_account_number,
    paymentAccountName: r.payment_account_name,
    escrowLockedAt: dateOrNull(r.escrow_locked_at),
    appellantId: r.appellant_id,
    acceptBy: dateOrNull(r.accept_by),
    payBy: dateOrNull(r.pay_by),
    confirmBy: dateOrNull(r.confirm_by),
    acceptedAt: dateOrNull(r.accepted_at),
    paidAt: dateOrNull(r.paid_at),
    completedAt: dateOrNull(r.completed_at),
    cancelledAt: dateOrNull(r.cancelled_at),
    closeReason: r.close_reason,
    createdAt: date(r.created_at),
    updatedAt: date(r.updated_at),
  };
}
