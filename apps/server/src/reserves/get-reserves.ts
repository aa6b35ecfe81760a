import { formatCoin, parseCoin, RESERVE_STALE_AFTER_MS, type ReserveCoin, type Reserves } from "@p2p/shared";
import { asc, count, inArray, sql, sum } from "drizzle-orm";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { coins, depositAddresses, ledgerAccounts, networks, networkScans } from "../db/schema.js";

/** The ledger accounts whose balances belong to users (DESIGN §2); custody and fees are the platform's. */
export const OWED_KINDS = ["available", "escrow", "withdrawing"] as const;
type OwedKind = (typeof OWED_KINDS)[number];

/**
 * The admins' Reserves section: per coin, what the ledger owes users (available, escrow,
 * withdrawing) beside what its watched networks' deposit addresses hold on chain, with the
 * shortfall when the chain holds less.
 */
export async function getReserves(options: { db: Db; config: Pick<Config, "chainRpcUrls">; now?: Date }): Promise<Reserves> {
  const { db, config } = options;
  const now = options.now ?? new Date();
  const [coinRows, owedRows, networkRows, addressRows] = await Promise.all([
    db.select({ symbol: coins.symbol }).from(coins).orderBy(asc(coins.sortOrder), asc(coins.symbol)),
    db
      .select({ coin: ledgerAccounts.coin, kind: ledgerAccounts.kind, total: sum(ledgerAccounts.balance) })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.kind, [...OWED_KINDS]))
      .groupBy(ledgerAccounts.coin, ledgerAccounts.kind),
    db
      .select({ network: networks, scan: { balance: networkScans.onchainBalance, readAt: networkScans.balanceReadAt } })
      .from(networks)
      .leftJoin(networkScans, sql`${networkScans.coin} = ${networks.coin} and ${networkScans.network} = ${networks.code}`)
      .orderBy(asc(networks.sortOrder), asc(networks.code)),
    db
      .select({ coin: depositAddresses.coin, network: depositAddresses.network, n: count() })
      .from(depositAddresses)
      .groupBy(depositAddresses.coin, depositAddresses.network),
  ]);
  const owed = new Map<string, bigint>();
  for (const row of owedRows) owed.set(`${row.coin}|${row.kind}`, parseCoin(row.total ?? "0"));
  const addressCount = new Map(addressRows.map((r) => [`${r.coin}|${r.network}`, Number(r.n)]));
  const owedOf = (coin: string, kind: OwedKind) => owed.get(`${coin}|${kind}`) ?? 0n;

  return {
    coins: coinRows.map(({ symbol }): ReserveCoin => {
      const own = networkRows.filter((r) => r.network.coin === symbol);
      const shown = own.map(({ network, scan }) => {
        const watched = network.kind === "evm" && network.chainId !== null && config.chainRpcUrls.has(network.chainId);
        const readAt = scan?.readAt ?? null;
        return {
          network: network.code,
          name: network.name,
          kind: network.kind,
          watched,
          address_count: addressCount.get(`${symbol}|${network.code}`) ?? 0,
          onchain_balance: scan?.balance ?? null,
          balance_read_at: readAt?.toISOString() ?? null,
          stale: watched && (!readAt || now.getTime() - readAt.getTime() > RESERVE_STALE_AFTER_MS),
        };
      });
      const available = owedOf(symbol, "available");
      const escrow = owedOf(symbol, "escrow");
      const withdrawing = owedOf(symbol, "withdrawing");
      const total = available + escrow + withdrawing;
      const onchain = shown.reduce((s, n) => s + (n.watched && n.onchain_balance ? parseCoin(n.onchain_balance) : 0n), 0n);
      return {
        coin: symbol,
        available: formatCoin(available),
        escrow: formatCoin(escrow),
        withdrawing: formatCoin(withdrawing),
        owed: formatCoin(total),
        onchain: formatCoin(onchain),
        shortfall: shown.some((n) => n.watched) ? formatCoin(total > onchain ? total - onchain : 0n) : null,
        partial: shown.some((n) => !n.watched),
        networks: shown,
      };
    }),
  };
}
