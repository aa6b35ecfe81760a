import type { TestUser } from "../fixtures.js";
import { COIN, type World } from "./crash-world.js";
import type { LoadClient } from "./load-client.js";
import type { LoadRecord } from "./load-record.js";
import type { SeededRandom } from "./seeded-random.js";

/** How a virtual user's order ends: by the people, or left for a timer at some step. */
const ENDINGS = [
  ...Array<"complete">(9).fill("complete"),
  "cancel-pending",
  "cancel-matched",
  "appeal",
  "appeal",
  "leave-pending",
  "leave-matched",
  "leave-paid",
] as const;
type Ending = (typeof ENDINGS)[number];

const PAYOUT = { bank_name: "GTBank", account_number: "0987654321", account_name: "Ada Trader" };

/**
 * One order between a virtual user and a merchant, driven over HTTP with chat between the steps.
 * Every request first waits for a serving process; once a kill has come since the order was
 * created, the order is left alone, so whatever it was doing is its timer's to finish.
 */
export class TradeScript {
  private epoch = 0;
  private id = "";
  private said = 0;

  constructor(
    private readonly client: LoadClient,
    private readonly world: World,
    private readonly me: TestUser,
    private readonly rnd: SeededRandom,
    private readonly record: LoadRecord,
  ) {}

  async run(): Promise<void> {
    const merchant = this.rnd.pick(this.world.merchants);
    const side = this.rnd.pick(["buy", "sell"] as const);
    const buyer = side === "buy" ? this.me : merchant;
    const seller = side === "buy" ? merchant : this.me;
    const ending: Ending = this.rnd.pick(ENDINGS);
    const naira = String(this.rnd.int(2, 30) * 1000);

    await this.client.server.up();
    this.epoch = this.client.server.epoch;
    const created = await this.client.send(this.me.token, "POST", "/api/orders", {
      merchant_id: merchant.id,
      coin: COIN,
      side,
      naira_amount: naira,
      ...(side === "sell" ? { payout: PAYOUT } : {}),
    });
    if (!created) return; // cut off: if it was created, nobody knows it but its timer
    if (created.status !== 201) return this.record.refuse("create order", created);
    this.id = created.body.order.id;
    this.record.orders.push(this.id);

    const parties = [buyer, seller];
    if (!(await this.chat(parties))) return;
    if (ending === "leave-pending") return;
    if (ending === "cancel-pending") return void (await this.act(this.rnd.pick(parties), "cancel", "cancel", {}));
    if (!(await this.act(merchant, "accept", "accept")) || !(await this.chat(parties))) return;
    if (ending === "leave-matched") return;
    if (ending === "cancel-matched") return void (await this.act(buyer, "cancel", "cancel", { reason: "Changed my mind" }));
    if (!(await this.act(buyer, "mark-paid", "mark_paid")) || !(await this.chat(parties))) return;
    if (ending === "leave-paid") return;
    if (ending === "appeal") return this.appeal(this.rnd.pick(parties));
    if (!(await this.act(seller, "confirm-payment", "confirm_payment", {}))) return;
    await this.client.send(merchant.token, "GET", `/api/orders/${this.id}/messages`);
  }

  private async appeal(appellant: TestUser): Promise<void> {
    if (!(await this.act(appellant, "appeal", "open_appeal", { reason: "The payment has not arrived." }))) return;
    if (!(await this.chat([this.world.admin]))) return;
    const outcome = this.rnd.pick(["release", "refund"] as const);
    await this.act(this.world.admin, "resolve", `resolve_${outcome}`, { outcome, reason: "Checked the bank statement." }, "/api/admin/orders");
  }

  /** True while no kill has come since the order was created (waiting out a restart under way). */
  private async live(): Promise<boolean> {
    await this.client.server.up();
    return this.client.server.epoch === this.epoch || this.cutOff();
  }

  private cutOff(): false {
    this.record.abandoned++;
    return false;
  }

  private async act(actor: TestUser, path: string, action: string, body?: unknown, base = "/api/orders"): Promise<boolean> {
    if (!(await this.live())) return false;
    const answer = await this.client.send(actor.token, "POST", `${base}/${this.id}/${path}`, body);
    if (!answer) return this.cutOff();
    if (answer.status !== 200) {
      this.record.refuse(action, answer);
      return false;
    }
    this.record.transitions.push({ orderId: this.id, action });
    return true;
  }

  /** Zero to two messages from people picked among `who`; false when the order was cut off. */
  private async chat(who: TestUser[]): Promise<boolean> {
    for (let n = this.rnd.int(0, 2); n > 0; n--) {
      if (!(await this.live())) return false;
      const content = `message ${++this.said} on ${this.id}`;
      const answer = await this.client.send(this.rnd.pick(who).token, "POST", `/api/orders/${this.id}/messages`, { content });
      if (!answer) return this.cutOff();
      if (answer.status === 201) this.record.chat.push({ id: answer.body.message.id, orderId: this.id, content });
      else this.record.refuse("chat message", answer);
    }
    return true;
  }
}
