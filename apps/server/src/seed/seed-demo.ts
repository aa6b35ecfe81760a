import type { Db } from "../db/client.js";

export type DemoAccount = { role: string; email: string; password: string; username: string };

/** Seeds the demo accounts once (idempotent); filled in with the accounts capability. */
export async function seedDemoData(_db: Db): Promise<DemoAccount[]> {
  return [];
}

export function printDemoSignIns(accounts: DemoAccount[], url: string): void {
  if (accounts.length === 0) return;
  const lines = accounts.map((a) => `  ${a.role.padEnd(9)} ${a.email.padEnd(28)} ${a.password}`);
  console.log(`\nNaijaP2P is running at ${url}\nDemo sign-ins (development only):\n${lines.join("\n")}\n`);
}
