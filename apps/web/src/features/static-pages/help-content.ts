import { msg } from "@p2p/shared";

/** Help text shared by the Help Center page and the dashboard's Help dialog: English keys, shown through t(). */

export const TYPICAL_TRADE_TIME = msg("Most trades finish in 15 to 30 minutes.");

export const TRADE_STEPS: { title: string; body: string }[] = [
  {
    title: msg("Choose a coin and a merchant"),
    body: msg(
      "Open Buy/Sell (Trade with Merchants), pick the coin, and compare verified merchants by naira price, order limits and reputation score.",
    ),
  },
  {
    title: msg("Create the order"),
    body: msg(
      "Enter the amount and confirm. If you are selling, your coins are locked in escrow straight away; if you are buying, the merchant's coins are locked when they accept.",
    ),
  },
  {
    title: msg("Pay, or wait to be paid"),
    body: msg(
      "The buyer transfers the naira to the bank account shown in the order, then taps 'I have paid' and attaches the transfer receipt. Only pay to the account shown inside the order.",
    ),
  },
  {
    title: msg("Seller confirms, escrow releases"),
    body: msg(
      "When the naira arrives, the seller confirms and the escrowed coins are released to the buyer in the same moment. Most trades finish in 15 to 30 minutes.",
    ),
  },
  {
    title: msg("Rate your trade partner"),
    body: msg("Leave a 1 to 5 star rating. Ratings make up each trader's reputation score, so the whole community can see who trades well."),
  },
];

export const VIDEO_TUTORIALS: { title: string; duration: string }[] = [
  { title: msg("Your first purchase: buying coins from a merchant"), duration: "4:32" },
  { title: msg("Selling coins safely with escrow"), duration: "3:48" },
  { title: msg("Order chat and sending payment proof"), duration: "2:55" },
  { title: msg("Opening and following an appeal"), duration: "3:20" },
];

export const FAQ: { q: string; a: string }[] = [
  {
    q: msg("How long does a trade take?"),
    a: msg(
      "Most trades finish in 15 to 30 minutes. Each step has a time window: merchants have 15 minutes to accept and buyers 30 minutes to pay, so no order hangs forever.",
    ),
  },
  {
    q: msg("What does escrow protect me from?"),
    a: msg(
      "The seller's coins are held by NaijaP2P, not by the other trader, until the naira payment is confirmed. A seller can't take your money and keep the coins, and a buyer can't receive coins without paying.",
    ),
  },
  {
    q: msg("How do I pay a merchant?"),
    a: msg(
      "By bank transfer in naira to the account shown inside the order. Use the exact amount, keep your receipt, and never pay to an account someone sends you outside the order chat.",
    ),
  },
  {
    q: msg("I paid but the merchant hasn't confirmed. What now?"),
    a: msg(
      "Message the merchant in the order chat first. If the confirmation window runs out, the order moves to dispute review automatically, or you can open an appeal; our team then reviews the chat and your receipt.",
    ),
  },
  {
    q: msg("Are there fees?"),
    a: msg(
      "New accounts trade with zero platform fees for their first month. The merchant's price is the naira price you see before you confirm, and it never changes after the order is created.",
    ),
  },
  {
    q: msg("How do I become a merchant?"),
    a: msg(
      "Choose 'Apply as Merchant' in the menu. You'll need your business name, contact details, the coins you want to trade, your bank details and a valid ID, and you must accept the Merchant Agreement.",
    ),
  },
  {
    q: msg("How do I contact support?"),
    a: msg("Use live chat any time, day or night, or submit a complaint from your dashboard. Support is available in 12 languages."),
  },
];
