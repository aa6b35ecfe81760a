import type { BrowserContext, Page } from "playwright-core";
import { fetchMe, signInThroughApi } from "../support/accounts.js";
import type { Product } from "../support/product.js";

/** The demo accounts the development server seeds, with the demo market (offers, balances). */
export const DEMO = {
  admin: { email: "admin@naijap2p.test", password: "Demo-Admin-2026!" },
  /** The second admin, for what takes two (four eyes). */
  bola: { email: "bola@naijap2p.test", password: "Demo-Admin-2026!" },
  emeka: { email: "emeka@naijap2p.test", password: "Demo-Merchant-2026!" },
  chioma: { email: "chioma@naijap2p.test", password: "Demo-Merchant-2026!" },
  tunde: { email: "tunde@naijap2p.test", password: "Demo-User-2026!" },
  amaka: { email: "amaka@naijap2p.test", password: "Demo-User-2026!" },
} as const;

/** The seeded merchants' PI offers and bank accounts (apps/server/src/seed/demo-market.ts). */
export const MERCHANT_ACCOUNT = {
  emeka: { Bank: "GTBank", "Account number": "0241583967", "Account name": "Emeka Okonkwo" },
  chioma: { Bank: "Access Bank", "Account number": "1409275836", "Account name": "Chioma Adeyemi" },
} as const;

/** One person at the table: their own browser profile (phone-sized), signed in, with one page open. */
export type Party = { username: string; email: string; context: BrowserContext; page: Page };

/** Signs a demo account in, in a browser context of its own. */
export async function joinAs(app: Product, openContext: () => Promise<BrowserContext>, account: { email: string; password: string }): Promise<Party> {
  const [{ username }, context] = await Promise.all([fetchMe(app.url, account), openContext()]);
  await signInThroughApi(context, account);
  return { username, email: account.email, context, page: await context.newPage() };
}

/**
 * A buy order of 4 PI from the merchant, created and accepted through the parties' own API
 * sessions, for specs about what happens around a trade (its chat, badges, live screens).
 */
export async function matchedOrder(user: Party, merchantId: string, merchant: Party): Promise<string> {
  const created = await user.context.request.post("/api/orders", { data: { merchant_id: merchantId, coin: "PI", side: "buy", coin_amount: "4" } });
  if (created.status() !== 201) throw new Error(`the order: ${created.status()} ${await created.text()}`);
  const orderId = ((await created.json()) as { order: { id: string } }).order.id;
  const accepted = await merchant.context.request.post(`/api/orders/${orderId}/accept`, { data: {} });
  if (accepted.status() !== 200) throw new Error(`accepting the order: ${accepted.status()} ${await accepted.text()}`);
  return orderId;
}

/** The other side's open screen shows the change within this, with no reload (the socket, not polling). */
export const LIVE_MS = 2_000;

/** A POST through a party's own API session; a refusal fails the test with the server's answer. */
export async function apiPost<T = Record<string, unknown>>(party: Party, path: string, data: object = {}): Promise<T> {
  const response = await party.context.request.post(path, { data });
  const body = (await response.json().catch(() => ({}))) as T;
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${JSON.stringify(body)}`);
  return body;
}
