import { z } from "zod";

export const COMPLAINT_CATEGORIES = [
  "fraud",
  "payment",
  "unfair_trade",
  "communication",
  "platform",
  "dispute",
  "other",
] as const;
export const COMPLAINT_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export const DEFAULT_COMPLAINT_PRIORITY = "medium";

export const createComplaintRequest = z.strictObject({
  category: z.enum(COMPLAINT_CATEGORIES),
  priority: z.enum(COMPLAINT_PRIORITIES).default(DEFAULT_COMPLAINT_PRIORITY),
  subject: z.string().trim().min(1).max(200),
  message: z.string().trim().min(1).max(5000),
});
export type CreateComplaintRequest = z.input<typeof createComplaintRequest>;

export const complaintSchema = z.object({
  id: z.string(),
  category: z.enum(COMPLAINT_CATEGORIES),
  priority: z.enum(COMPLAINT_PRIORITIES),
  subject: z.string(),
  message: z.string(),
  status: z.string(),
  created_at: z.string(),
});
export type Complaint = z.infer<typeof complaintSchema>;
