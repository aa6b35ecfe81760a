import type { Network } from "@p2p/shared";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { coins, networks } from "../db/schema.js";
import { presentNetwork } from "./present-network.js";

/** Every coin's networks, listed or not, in the coins' order: what admins manage. */
export async function listAllNetworks(db: Db): Promise<Network[]> {
  const rows = await db
    .select({ network: networks })
    .from(networks)
    .innerJoin(coins, eq(coins.symbol, networks.coin))
    .orderBy(asc(coins.sortOrder), asc(networks.sortOrder), asc(networks.code));
  return rows.map((r) => presentNetwork(r.network));
}
