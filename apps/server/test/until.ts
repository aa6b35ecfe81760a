/**
 * Waits for `check` to hold (polled every 50 ms) and answers what it gave, or fails naming what it
 * waited for; `what` may be a function, to say at the failure how things stood then.
 */
export async function until<T>(
  what: string | (() => string),
  check: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  ms = 10_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${typeof what === "string" ? what : what()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
