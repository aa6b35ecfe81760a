import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feeSplit, formatCoin, parseCoin } from "@p2p/shared";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { Params, prepared, runPrepared } from "../db/prepared-query.js";
import { escrowAmountsSql } from "./escrow.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/*
 * The escrow moves read an order's amounts where the statement moving the order reads it, so the
 * fee split is written in SQL there; feeSplit (shared) is what every screen shows. The two must
 * never differ.
 */
describe("the escrow amounts in SQL", () => {
  const cases = [
    { side: "buy", coinAmount: "10.00000000", feeAmount: "0.10000000" },
    { side: "sell", coinAmount: "10.00000000", feeAmount: "0.10000000" },
    { side: "buy", coinAmount: "0.00000123", feeAmount: "0" },
    { side: "sell", coinAmount: "123456.78901234", feeAmount: "1234.56789012" },
    { side: "sell", coinAmount: "7.5", feeAmount: "0" },
  ];

  it.each(cases)("are feeSplit's for a $side order of $coinAmount with a fee of $feeAmount", async (order) => {
    const params = new Params();
    const { locked, toBuyer, fee } = escrowAmountsSql({
      side: `${params.add(order.side)}::text`,
      coinAmount: `${params.add(order.coinAmount)}::numeric(28, 8)`,
      feeAmount: `${params.add(order.feeAmount)}::numeric(28, 8)`,
    });
    const [row] = await runPrepared<{ locked: string; to_buyer: string; fee: string }>(
      server.ctx.db,
      prepared(`select (${locked})::text as locked, (${toBuyer})::text as to_buyer, (${fee})::text as fee`),
      params.values,
    );
    const split = feeSplit({ side: order.side, coinUnits: parseCoin(order.coinAmount), feeUnits: parseCoin(order.feeAmount) });
    expect(row).toEqual({ locked: formatCoin(split.locked), to_buyer: formatCoin(split.toBuyer), fee: formatCoin(split.fee) });
  });
});
