import { msg } from "../i18n/languages.js";

/** What admins' actions on accounts and merchant applications answer and tell the person. */
export const ADMIN_TEXTS = {
  noAccess: msg("You do not have access to this."),
  ownRole: msg("You cannot change your own role."),
  alreadyUser: msg("This account is already a user."),
  alreadyMerchant: msg("This account is already a merchant."),
  alreadyAdmin: msg("This account is already an admin."),
  lastAdminDemoted: msg("The last admin cannot be demoted."),
  adminProposedAlready: msg("You proposed this already. Another admin has to approve it."),
  noAdminProposal: msg("No admin role is waiting for approval on this account."),
  adminProposalTitle: msg("Admin Role Awaiting Approval"),
  adminProposal: msg("{{proposer}} proposed {{username}} as an admin. Another admin has to approve it in the Admin Panel."),
  roleChangedTitle: msg("Account Role Changed"),
  roleChanged: msg("An admin changed your account role from {{from}} to {{to}}."),
  ownSuspension: msg("You cannot suspend your own account."),
  alreadySuspended: msg("This account is already suspended."),
  lastAdminSuspended: msg("The last admin cannot be suspended."),
  suspendedTitle: msg("Account Suspended"),
  suspended: msg("Your account has been suspended. Reason: {{reason}}"),
  notSuspended: msg("This account is not suspended."),
  restoredTitle: msg("Account Restored"),
  restored: msg("Your account has been restored. You can sign in and trade again."),

  applicationApprovedTitle: msg("Merchant Application Approved"),
  applicationApproved: msg("Your merchant application for {{business}} was approved. You can now set your prices and trade as a merchant."),
  applicationRejectedTitle: msg("Merchant Application Rejected"),
  applicationRejected: msg("Your merchant application for {{business}} was rejected. Reason: {{reason}}. You may apply again."),
  applicationDecided: msg("This application is already {{status}}."),
  alreadyMerchantApplying: msg("You are already a merchant."),
  applicationWaiting: msg("You already have an application waiting for review."),
} as const;

/** What the admins' CSV exports answer. */
export const EXPORT_TEXTS = {
  tooMany: msg("Too many exports this hour. Try again later."),
} as const;
