import type { FieldValues, Resolver } from "react-hook-form";

/**
 * A react-hook-form resolver that loads the real one (a zod schema, and zod with it: a fifth of a
 * screen's first JavaScript) the first time the form is checked, which is at its first submit. A
 * form on a first screen starts the download as it gets focus (the /auth forms call
 * `preloadAuthResolvers`), so the check rarely waits for it.
 */
export function lazyResolver<Input extends FieldValues, Output = Input>(
  load: () => Promise<Resolver<Input, unknown, Output>>,
): Resolver<Input, unknown, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  return async (values, context, options) => {
    // A failed download (the network dropped) is forgotten, so the next check tries again.
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return (await loading)(values, context, options);
  };
}
