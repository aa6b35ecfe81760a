import { lazyResolver } from "@/lib/lazy-resolver";

/** Starts loading the /auth forms' checks (zod and the schemas), once. */
export const preloadAuthResolvers = () => import("./auth-resolvers");

export const signInResolver = lazyResolver(() => preloadAuthResolvers().then((m) => m.signInResolver));
export const signUpResolver = lazyResolver(() => preloadAuthResolvers().then((m) => m.signUpResolver));
export const twoFactorResolver = lazyResolver(() => preloadAuthResolvers().then((m) => m.twoFactorResolver));
