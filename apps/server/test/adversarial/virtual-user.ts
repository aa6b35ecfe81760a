import { createHash } from "node:crypto";
import type { TestUser } from "../fixtures.js";
import { COIN, NETWORK, type World } from "./crash-world.js";
import { depositBody } from "../trading-fixtures.js";
import type { LoadClient } from "./load-client.js";
import type { LoadRecord } from "./load-record.js";
import type { SeededRandom } from "./seeded-random.js";
import { TradeScript } from "./trade-script.js";

/** Virtual users' hashes start with this, so the crash checks tell their deposits from the world's own. */
export const VIRTUAL_TX_HASH_PREFIX = "0xdeb0517e";

/**
 * One person using the product over and over until told to stop: trades with the merchants,
 * deposits and withdrawals (each reviewed by the admin), reading notifications. Money requests
 * carry an Idempotency-Key and are sent again after a kill; a refusal (4xx) is noted, never fatal.
 */
export class VirtualUser {
  private n = 0;

  constructor(
    private readonly index: number,
    private readonly client: LoadClient,
    private readonly world: World,
    private readonly me: TestUser,
    private readonly rnd: SeededRandom,
    private readonly record: LoadRecord,
  ) {}

  async run(stop: () => boolean): Promise<void> {
    while (!stop()) {
      await this.client.server.up();
      const roll = this.rnd.next();
      if (roll < 0.6) await new TradeScript(this.client, this.world, this.me, this.rnd, this.record).run();
      else if (roll < 0.72) await this.deposit();
      else if (roll < 0.84) await this.withdraw();
      else await this.readNotifications();
    }
  }

  private key(what: string): string {
    return `crash-${this.index}-${++this.n}-${what}`;
  }

  /** A chain hash (0x and 64 hex digits) starting VIRTUAL_TX_HASH_PREFIX, unique per virtual user and request. */
  private txHash(prefix: string): string {
    const digest = createHash("sha256")
      .update(`${prefix}${this.index}x${this.n}x${this.rnd.int(10_000_000, 99_999_999)}`)
      .digest("hex");
    return `${VIRTUAL_TX_HASH_PREFIX}${digest.slice(VIRTUAL_TX_HASH_PREFIX.length - 2)}`;
  }

  private async deposit(): Promise<void> {
    const input = depositBody({ coin: COIN, amount: `${this.rnd.int(1, 50)}.5`, tx_hash: this.txHash("deposit") });
    const created = await this.client.sendOnce(this.me.token, "/api/wallet/deposits", input, this.key("deposit"));
    if (created.status !== 201) return this.record.refuse("deposit", created);
    const id: string = created.body.deposit.id;
    this.record.deposits.push(id);
    const confirm = this.rnd.chance(0.7);
    const reviewed = await this.client.sendOnce(
      this.world.admin.token,
      `/api/admin/deposits/${id}/${confirm ? "confirm" : "reject"}`,
      confirm ? {} : { reason: "No such transaction on the chain." },
      this.key("review"),
    );
    if (reviewed.status !== 200) this.record.refuse("deposit review", reviewed);
  }

  private async withdraw(): Promise<void> {
    const input = { coin: COIN, network: NETWORK, amount: String(this.rnd.int(1, 5)), address: `0xcrashdestination${this.index}` };
    const created = await this.client.sendOnce(this.me.token, "/api/wallet/withdrawals", input, this.key("withdrawal"));
    if (created.status !== 201) return this.record.refuse("withdrawal", created);
    const id: string = created.body.withdrawal.id;
    this.record.withdrawals.push(id);
    const admin = this.world.admin.token;
    const [token, path, body] = this.rnd.pick([
      [this.me.token, `/api/wallet/withdrawals/${id}/cancel`, {}],
      [admin, `/api/admin/withdrawals/${id}/sent`, { tx_hash: this.txHash("sent") }],
      [admin, `/api/admin/withdrawals/${id}/reject`, { reason: "The address is not on this network." }],
    ] as const);
    if (path.endsWith("/sent")) {
      // Paid out the one way there is: approved, then batched (by this or another user's run), then the hash.
      const approved = await this.client.sendOnce(admin, `/api/admin/withdrawals/${id}/approve`, {}, this.key("approve"));
      if (approved.status !== 200) return this.record.refuse("withdrawal approval", approved);
      await this.client.sendOnce(admin, "/api/admin/payout-batches", { coin: COIN, network: NETWORK }, this.key("batch"));
    }
    const settled = await this.client.sendOnce(token, path, body, this.key("settle"));
    if (settled.status !== 200) this.record.refuse("withdrawal settlement", settled);
  }

  private async readNotifications(): Promise<void> {
    const who = this.rnd.chance(0.5) ? this.me : this.rnd.pick(this.world.merchants);
    await this.client.send(who.token, "GET", "/api/notifications?page_size=20");
    await this.client.send(who.token, "GET", "/api/badges");
    await this.client.send(who.token, "POST", "/api/notifications/read-all", {});
  }
}
