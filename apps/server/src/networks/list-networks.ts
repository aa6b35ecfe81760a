import type { Network } from "@p2p/shared";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { coins, networks } from "../db/schema.js";
import { presentNetwork } from "./present-network.js";

/** The networks of listed coins, in the coins' order, as traders choose among them. */
export async function listNetworks(db: Db): Promise<Network[]> {
  const rows = await db
    .select({ network: networks })
    .from(networks)
    .innerJoin(coins, eq(coins.symbol, networks.coin))
    .where(eq(coins.listed, true))
    .orderBy(asc(coins.sortOrder), asc(networks.sortOrder), asc(networks.code));
  return rows.map((r) => presentNetwork(r.network));
}
