/**
 * The whole database schema, one file per part (drizzle.config.ts reads this one). Code imports
 * its tables from here; the parts import each other directly, never this file.
 */
export * from "./schema-core.js";
export * from "./schema-trading.js";
export * from "./schema-custody.js";
export * from "./schema-realtime.js";
export * from "./schema-telegram.js";
export * from "./schema-complaints.js";
export * from "./schema-notification-delivery.js";
export * from "./schema-merchant-applications.js";
export * from "./schema-security.js";
export * from "./schema-uploads.js";
export * from "./schema-payment-proofs.js";
export * from "./schema-appeals.js";
export * from "./schema-account-quotas.js";
export * from "./schema-admin-proposals.js";
export * from "./schema-leases.js";
