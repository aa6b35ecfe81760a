import { merchantApplicationDocumentUrl, type AdminMerchantApplication, type MerchantApplication, type Role } from "@p2p/shared";
import type { merchantApplications } from "../db/schema.js";

export type ApplicationRow = Omit<typeof merchantApplications.$inferSelect, "idDocument">;
export type ApplicantRow = { id: string; username: string; fullName: string; email: string; role: Role };

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** What the applicant sees of their own application (the ID image is never sent back). */
export function presentApplication(row: ApplicationRow): MerchantApplication {
  return {
    id: row.id,
    status: row.status as MerchantApplication["status"],
    business_name: row.businessName,
    contact_name: row.contactName,
    contact_phone: row.contactPhone,
    contact_email: row.contactEmail,
    coins: row.coins,
    bank_name: row.bankName,
    account_number: row.accountNumber,
    account_name: row.accountName,
    reject_reason: row.rejectReason,
    reviewed_at: iso(row.reviewedAt),
    created_at: iso(row.createdAt)!,
  };
}

export function presentAdminApplication(row: ApplicationRow, applicant: ApplicantRow): AdminMerchantApplication {
  return {
    ...presentApplication(row),
    user: { id: applicant.id, username: applicant.username, full_name: applicant.fullName, email: applicant.email, role: applicant.role },
    id_document_type: row.idDocumentType as AdminMerchantApplication["id_document_type"],
    id_document_url: merchantApplicationDocumentUrl(row.id),
    reviewed_by: row.reviewedBy,
  };
}
