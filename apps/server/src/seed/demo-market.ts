import type { CoinSymbol, UpsertOfferRequest } from "@p2p/shared";

/**
 * The demo market outside production (DESIGN §1): both demo merchants quote every default-listed
 * coin at plausible naira prices with Nigerian bank details, and every demo account holds coins.
 * Prices differ a little between the merchants so "best price first" has something to sort.
 */

type OfferTerms = Omit<UpsertOfferRequest, "bank_name" | "account_number" | "account_name" | "online">;
type PayoutAccount = { bank_name: string; account_number: string; account_name: string };

export type DemoOffer = { merchantEmail: string; coin: CoinSymbol; offer: Required<UpsertOfferRequest> };
export type DemoBalance = { email: string; coin: CoinSymbol; amount: string };

const EMEKA = "emeka@naijap2p.test";
const CHIOMA = "chioma@naijap2p.test";

const EMEKA_GTBANK: PayoutAccount = { bank_name: "GTBank", account_number: "0241583967", account_name: "Emeka Okonkwo" };
const EMEKA_OPAY: PayoutAccount = { bank_name: "Opay", account_number: "8030000002", account_name: "Emeka Okonkwo" };
const CHIOMA_ACCESS: PayoutAccount = { bank_name: "Access Bank", account_number: "1409275836", account_name: "Chioma Adeyemi" };
const CHIOMA_OPAY: PayoutAccount = { bank_name: "Opay", account_number: "8030000003", account_name: "Chioma Adeyemi" };

const EMEKA_TERMS =
  "Pay only from a bank account in your own name; third-party payments are refunded. " +
  "Use the order ID as the narration. I release within 10 minutes of the naira landing (8am to 11pm).";
const CHIOMA_TERMS =
  "Transfer the exact amount from your own account and tap 'I have paid' straight away. " +
  "No crypto or payment-app references in the narration. Fast release, usually under 5 minutes.";

const quote = (buy: string, sell: string, min: string, max: string, terms: string): OfferTerms => ({
  buy_price: buy,
  sell_price: sell,
  min_order: min,
  max_order: max,
  terms,
});

const offer = (merchantEmail: string, coin: CoinSymbol, terms: OfferTerms, account: PayoutAccount): DemoOffer => ({
  merchantEmail,
  coin,
  offer: { ...terms, ...account, terms: terms.terms ?? "", online: true },
});

export const DEMO_OFFERS: readonly DemoOffer[] = [
  offer(EMEKA, "SIDRA", quote("2350.00", "2480.00", "5000.00", "1500000.00", EMEKA_TERMS), EMEKA_GTBANK),
  offer(EMEKA, "PI", quote("1450.00", "1520.00", "3000.00", "2000000.00", EMEKA_TERMS), EMEKA_GTBANK),
  offer(EMEKA, "RUBI", quote("118.00", "132.00", "2000.00", "500000.00", EMEKA_TERMS), EMEKA_OPAY),
  offer(EMEKA, "CORE", quote("840.00", "885.00", "5000.00", "1000000.00", EMEKA_TERMS), EMEKA_GTBANK),
  offer(EMEKA, "USDT", quote("1585.00", "1612.00", "10000.00", "5000000.00", EMEKA_TERMS), EMEKA_GTBANK),
  offer(CHIOMA, "SIDRA", quote("2330.00", "2460.00", "5000.00", "1000000.00", CHIOMA_TERMS), CHIOMA_ACCESS),
  offer(CHIOMA, "PI", quote("1465.00", "1535.00", "2000.00", "1500000.00", CHIOMA_TERMS), CHIOMA_ACCESS),
  offer(CHIOMA, "RUBI", quote("120.00", "130.50", "1000.00", "300000.00", CHIOMA_TERMS), CHIOMA_OPAY),
  offer(CHIOMA, "CORE", quote("835.00", "880.00", "3000.00", "800000.00", CHIOMA_TERMS), CHIOMA_OPAY),
  offer(CHIOMA, "USDT", quote("1590.00", "1618.00", "5000.00", "3000000.00", CHIOMA_TERMS), CHIOMA_ACCESS),
];

/** Enough for each merchant to fill its largest sell order; a little for the users. */
export const DEMO_BALANCES: readonly DemoBalance[] = [
  { email: EMEKA, coin: "SIDRA", amount: "1500" },
  { email: EMEKA, coin: "PI", amount: "2500" },
  { email: EMEKA, coin: "RUBI", amount: "40000" },
  { email: EMEKA, coin: "CORE", amount: "3000" },
  { email: EMEKA, coin: "USDT", amount: "4000" },
  { email: CHIOMA, coin: "SIDRA", amount: "1200" },
  { email: CHIOMA, coin: "PI", amount: "1800" },
  { email: CHIOMA, coin: "RUBI", amount: "25000" },
  { email: CHIOMA, coin: "CORE", amount: "2200" },
  { email: CHIOMA, coin: "USDT", amount: "2500" },
  { email: "tunde@naijap2p.test", coin: "USDT", amount: "150" },
  { email: "tunde@naijap2p.test", coin: "PI", amount: "40" },
  { email: "amaka@naijap2p.test", coin: "PI", amount: "320" },
  { email: "amaka@naijap2p.test", coin: "SIDRA", amount: "85" },
  { email: "amaka@naijap2p.test", coin: "CORE", amount: "120" },
  { email: "amaka@naijap2p.test", coin: "USDT", amount: "60" },
];
