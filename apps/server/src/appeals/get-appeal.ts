import { NO_SUCH } from "@p2p/shared";
import { sql } from "drizzle-orm";
import type { AppealDetail, AppealEvidence, AppealTimelineEntry } from "@p2p/shared";
import { queryRows, type Db, type Tx } from "../db/client.js";
import { AppError } from "../http/errors.js";
import type { Caller } from "../orders/order-actors.js";
import { requireUuid } from "../wallet/ids.js";
import { appealRows, imageRef, presentAppeal, visibleTo } from "./present.js";

/** Chat messages shown in a timeline: those written while the order was under dispute. */
const TIMELINE_MESSAGES = 200;

type EvidenceRow = {
  id: string;
  appeal_id: string;
  added_by: string | null;
  username: string | null;
  created_at: string | Date;
  upload_id: string;
  content_type: string;
  width: number;
  height: number;
};
type AppealEventRow = {
  id: string;
  reason: string;
  created_at: string | Date;
  opened_by: string | null;
  opener: string | null;
  resolved_at: string | Date | null;
  resolved_by: string | null;
  resolver: string | null;
  outcome: "release" | "refund" | "withdrawn" | null;
  resolution_reason: string | null;
};
type MessageRow = {
  id: string;
  sender_id: string;
  username: string | null;
  content: string;
  created_at: string | Date;
  upload_id: string | null;
  content_type: string | null;
  width: number | null;
  height: number | null;
};

const iso = (value: string | Date) => new Date(value).toISOString();
const person = (id: string | null, username: string | null) => (id ? { id, username: username ?? "Unknown" } : null);

/**
 * One disputed order's appeals: the latest appeal, every evidence image, and a timeline of each
 * appeal's opening, its evidence, the order chat while it was disputed, and how it ended. Only the
 * order's buyer, seller or an admin: anyone else (or an order never appealed) gets a 404.
 */
export async function getAppeal(options: { db: Db | Tx; caller: Caller; orderId: string }): Promise<AppealDetail> {
  const { db, caller, orderId } = options;
  requireUuid(orderId, "appeal");
  const [row] = await appealRows(db, sql`o.id = ${orderId} and ${visibleTo(caller)}`, { limit: 1, offset: 0 });
  if (!row) throw new AppError("NOT_FOUND", NO_SUCH.appeal);

  const [appeals, evidenceRows] = await Promise.all([
    queryRows<AppealEventRow>(
      db,
      sql`
      select a.id, a.reason, a.created_at, a.opened_by, po.username as opener, a.resolved_at, a.resolved_by,
             pr.username as resolver, a.outcome, a.resolution_reason
      from appeals a left join profiles po on po.id = a.opened_by left join profiles pr on pr.id = a.resolved_by
      where a.order_id = ${orderId} order by a.created_at, a.id`,
    ),
    queryRows<EvidenceRow>(
      db,
      sql`
      select e.id, e.appeal_id, e.added_by, p.username, e.created_at, u.id as upload_id, u.content_type, u.width, u.height
      from appeal_evidence e join appeals a on a.id = e.appeal_id join uploads u on u.id = e.upload_id
      left join profiles p on p.id = e.added_by
      where a.order_id = ${orderId} order by e.created_at, e.id`,
    ),
  ]);
  // The chat while any appeal was open: from the first opening to the last ending (or now).
  const from = appeals[0]!.created_at;
  const until = appeals.some((a) => a.resolved_at === null) ? null : appeals[appeals.length - 1]!.resolved_at;
  const messages = await queryRows<MessageRow>(
    db,
    sql`
    select m.id, m.sender_id, p.username, m.content, m.created_at, u.id as upload_id, u.content_type, u.width, u.height
    from chat_messages m left join profiles p on p.id = m.sender_id left join uploads u on u.id = m.upload_id
    where m.order_id = ${orderId} and m.kind <> 'system' and m.created_at >= ${iso(from)}
      ${until ? sql`and m.created_at <= ${iso(until)}` : sql``}
    order by m.seq limit ${TIMELINE_MESSAGES}`,
  );

  const evidence: AppealEvidence[] = evidenceRows.map((e) => ({
    id: e.id,
    appeal_id: e.appeal_id,
    added_by: person(e.added_by, e.username),
    image: imageRef({ id: e.upload_id, content_type: e.content_type, width: e.width, height: e.height }),
    created_at: iso(e.created_at),
  }));

  const timeline: AppealTimelineEntry[] = [];
  for (const a of appeals) {
    timeline.push({
      id: `opened:${a.id}`,
      kind: "opened",
      at: iso(a.created_at),
      actor: person(a.opened_by, a.opener),
      text: a.reason,
      outcome: null,
      image: null,
    });
    if (a.resolved_at) {
      timeline.push({
        id: `ended:${a.id}`,
        kind: a.outcome === "withdrawn" ? "withdrawn" : "resolved",
        at: iso(a.resolved_at),
        actor: person(a.resolved_by, a.resolver),
        text: a.resolution_reason,
        outcome: a.outcome,
        image: null,
      });
    }
  }
  for (const e of evidence)
    timeline.push({ id: `evidence:${e.id}`, kind: "evidence", at: e.created_at, actor: e.added_by, text: null, outcome: null, image: e.image });
  for (const m of messages) {
    timeline.push({
      id: `message:${m.id}`,
      kind: "message",
      at: iso(m.created_at),
      actor: person(m.sender_id, m.username),
      text: m.content || null,
      outcome: null,
      image:
        m.upload_id && m.content_type
          ? imageRef({ id: m.upload_id, content_type: m.content_type, width: m.width ?? 0, height: m.height ?? 0 })
          : null,
    });
  }
  // Ties (an appeal and its system chat message share a transaction) keep the order above.
  const rank = { opened: 0, evidence: 1, message: 2, withdrawn: 3, resolved: 3 } as const;
  timeline.sort((x, y) => Date.parse(x.at) - Date.parse(y.at) || rank[x.kind] - rank[y.kind]);

  const summary = presentAppeal(row, caller.id);
  return {
    appeal: summary,
    evidence,
    timeline,
    can_add_evidence: summary.my_role !== null && summary.order_status === "disputed" && summary.appeal.resolved_at === null,
  };
}
