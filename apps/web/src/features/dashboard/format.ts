/** The trading screens' names for the shared, language-aware formatters. */
export {
  showNaira as formatNaira,
  showCoin as formatCoinAmount,
  showScore as formatScore,
  showPercent as formatPercent,
  showDateTime as formatDateTime,
} from "@/i18n/format";
