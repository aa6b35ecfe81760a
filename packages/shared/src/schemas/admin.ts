import { z } from "zod";
import { ROLES } from "../roles.js";
import { pageQuery, pageSchema } from "./wallet.js";

/** One coin's completed trades in the last 24 h, each order once (DESIGN §3), and its fee income. */
export const adminCoinVolumeSchema = z.object({
  coin: z.string(),
  trades: z.number().int(),
  coin_amount: z.string(),
  naira_amount: z.string(),
  /** All the fees the platform has earned in this coin (its fee account's balance). */
  fee_income: z.string(),
});
export type AdminCoinVolume = z.infer<typeof adminCoinVolumeSchema>;

/** The admin panel's overview: the queues that need a person, and the market's last 24 h. */
export const adminOverviewResponse = z.object({
  total_users: z.number().int(),
  new_users_24h: z.number().int(),
  merchants: z.number().int(),
  /** Merchants with at least one online offer now. */
  online_merchants: z.number().int(),
  /** Orders not yet completed or cancelled (disputed included). */
  open_orders: z.number().int(),
  open_appeals: z.number().int(),
  pending_deposits: z.number().int(),
  pending_withdrawals: z.number().int(),
  pending_merchant_applications: z.number().int(),
  /** Every listed coin, and any other coin traded in the window. */
  volume_24h: z.array(adminCoinVolumeSchema),
  generated_at: z.string(),
});
export type AdminOverview = z.infer<typeof adminOverviewResponse>;

const MAX_IDS = 100;

/** Accounts for the admin panel: by ids (to name the people on a queue), or searched. */
export const adminListUsersQuery = z.strictObject({
  ids: z
    .string()
    .trim()
    .transform((s) =>
      s
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().uuid("ids must be user ids separated by commas")).max(MAX_IDS, `At most ${MAX_IDS} ids`))
    .optional(),
  /** Part of a username, email or phone number. */
  q: z.string().trim().min(1).max(100).optional(),
  role: z.enum(ROLES).optional(),
  ...pageQuery,
});

export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  role: z.enum(ROLES),
  suspended: z.boolean(),
  reputation_score: z.string(),
  total_trades: z.number().int(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListResponse = pageSchema.extend({ users: z.array(adminUserSchema) });
