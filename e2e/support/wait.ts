/** Polls `check` until it returns a value other than undefined, or fails with `what` after the timeout. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  { timeoutMs = 15_000, intervalMs = 100 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (err) {
      lastError = err;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  const cause = lastError ? ` (last error: ${(lastError as Error).message})` : "";
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${cause}`);
}
