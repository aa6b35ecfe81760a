import { z } from "zod";
import { msg } from "../i18n/languages.js";
import { ORDER_STATUSES } from "../orders/state-machine.js";
import { LEDGER_ACCOUNT_KINDS } from "../wallet/constants.js";
import { TRANSACTION_KINDS } from "../exports/constants.js";
import { adminListUsersQuery } from "./admin.js";
import { auditLogFilters, dayRange, isoDay } from "./admin-users.js";
import { coinSymbolSchema } from "./coins.js";

/** The admin users list's filters (search and role), without its paging. */
export const usersExportQuery = adminListUsersQuery.omit({ page: true, page_size: true });

/** The audit log's filters, without its paging. */
export const auditLogExportQuery = auditLogFilters.refine(...dayRange);

/** A user id or username. */
const person = z.string().trim().min(1).max(100);

/** Ledger entries by account, person, coin, account kind and UTC days. */
export const ledgerEntriesExportQuery = z
  .strictObject({
    /** One ledger account's id. */
    account: z
      .string()
      .trim()
      .regex(/^[1-9]\d{0,14}$/, msg("Enter a ledger account number"))
      .transform(Number)
      .optional(),
    /** The owner of the accounts: a user id or username. */
    user: person.optional(),
    coin: coinSymbolSchema.optional(),
    account_kind: z.enum(LEDGER_ACCOUNT_KINDS, { error: msg("Choose available, escrow, withdrawing or custody") }).optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
  })
  .refine(...dayRange);

const TRANSACTION_STATUSES = [...new Set(["pending", "confirmed", "rejected", "sent", "cancelled", ...ORDER_STATUSES])] as [string, ...string[]];

/** Deposits, withdrawals and trades by kind, person (either party of a trade), coin, status and UTC days. */
export const transactionsExportQuery = z
  .strictObject({
    kind: z.enum(TRANSACTION_KINDS, { error: msg("Choose deposit, withdrawal or trade") }).optional(),
    user: person.optional(),
    coin: coinSymbolSchema.optional(),
    status: z.enum(TRANSACTION_STATUSES, { error: msg("Unknown status") }).optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
  })
  .refine(...dayRange);
