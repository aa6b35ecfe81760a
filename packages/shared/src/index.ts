export * from "./constants.js";
export * from "./messages.js";
export * from "./roles.js";
export * from "./referral.js";
export * from "./errors.js";
export * from "./schemas/auth.js";
export * from "./schemas/dashboard.js";
export * from "./schemas/complaints.js";
