export * from "./auth.js";
export * from "./session.js";
export * from "./admin.js";
export * from "./common.js";
export * from "./orders.js";
export * from "./support.js";
export * from "./wallet.js";
export * from "./reserves.js";
