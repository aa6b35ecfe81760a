import { PASSWORD } from "./config.js";
import type { LoadClient } from "./http.js";
import type { Account } from "./store.js";

/** Native sessions for every account through POST /api/auth/sign-in, a few at a time (setup, not measured). */
export async function signInAll(http: LoadClient, accounts: Account[]): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < accounts.length) {
        const account = accounts[next++]!;
        const res = await http.post("/api/auth/sign-in", { body: { email: account.email, password: PASSWORD, client: "native" } });
        if (res.status !== 200 || !res.body?.access_token) throw new Error(`sign-in answered ${res.status}: ${JSON.stringify(res.body)}`);
        tokens.set(account.id, res.body.access_token);
      }
    }),
  );
  return tokens;
}
