import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { signInRequest, signUpRequest, twoFactorCodeSchema } from "@p2p/shared";

/**
 * The /auth forms' checks: loaded when a form is first focused or sent (`lazyResolver`), so zod is
 * not part of the sign-in screen's first load.
 */
export const signInResolver = zodResolver(signInRequest);
export const signUpResolver = zodResolver(signUpRequest);
export const twoFactorResolver = zodResolver(z.object({ code: twoFactorCodeSchema }));
