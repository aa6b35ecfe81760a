import { and, eq, sql } from "drizzle-orm";
import type { Address } from "viem";
import { queryRows, type Db } from "../../src/db/client.js";
import { networks } from "../../src/db/schema.js";
import { getJson } from "../trading-fixtures.js";
import type { TestUser } from "../fixtures.js";
import { until } from "../until.js";

type Server = { url: string; ctx: { db: Db } };
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read as untyped JSON

/** Points a network at a local chain: its chain id, token contract (null: native) and confirmations. */
export async function pointNetwork(
  db: Db,
  coin: string,
  code: string,
  set: { chainId?: number; tokenContract?: string | null; confirmations?: number },
) {
  await db
    .update(networks)
    .set(set)
    .where(and(eq(networks.coin, coin), eq(networks.code, code)));
}

/** The user's own deposit address on the network, as the deposit screen asks for it. */
export async function depositAddressOf(server: Server, user: TestUser, coin: string, network: string): Promise<Address> {
  const res = await getJson(server.url, user.token, `/api/wallet/deposit-address?coin=${coin}&network=${encodeURIComponent(network)}`);
  if (res.status !== 200) throw new Error(`deposit address: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.deposit_address.address as Address;
}

/** The user's deposits as GET /api/wallet/deposits answers them, newest first. */
export async function depositsOf(server: Server, user: TestUser): Promise<Json[]> {
  const res = await getJson(server.url, user.token, "/api/wallet/deposits?page_size=50");
  return res.body.deposits as Json[];
}

/** Waits until the user has a deposit matching `match`, and answers it. */
export function untilDeposit(server: Server, user: TestUser, what: string, match: (d: Json) => boolean, ms?: number): Promise<Json> {
  return until(what, async () => (await depositsOf(server, user)).find(match), ms);
}

/** The audit rows of one action on one deposit. */
export async function auditActions(db: Db, depositId: string): Promise<string[]> {
  const rows = await queryRows<{ action: string }>(
    db,
    sql`select action from audit_log where target_type = 'deposit' and target_id = ${depositId} order by created_at, id`,
  );
  return rows.map((r) => r.action);
}

/** The `deposit.changed` payloads the user's topic received, oldest first. */
export async function depositEvents(db: Db, userId: string): Promise<{ deposit_id: string; status: string; confirmations: number }[]> {
  const rows = await queryRows<{ payload: { deposit_id: string; status: string; confirmations: number } }>(
    db,
    sql`select payload from events where topic = ${`user:${userId}`} and type = 'deposit.changed' order by id`,
  );
  return rows.map((r) => r.payload);
}
