import { hash, verify, type Algorithm } from "@node-rs/argon2";
import { quantile } from "./stats.js";

/** The server's password hashing parameters (DESIGN §6: argon2id, 19 MiB, t=2, p=1). */
export const ARGON2_PARAMS = {
  algorithm: 2 as Algorithm, // Argon2id
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** Times `rounds` sequential verifications of one correct password, directly on @node-rs/argon2. */
export async function measureVerify(rounds: number): Promise<{ p50: number; p95: number }> {
  const password = "correct horse battery staple 42";
  const hashed = await hash(password, ARGON2_PARAMS);
  await verify(hashed, password); // warm the thread pool
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    const ok = await verify(hashed, password);
    samples.push(performance.now() - started);
    if (!ok) throw new Error("argon2 verify rejected the correct password");
  }
  return { p50: quantile(samples, 0.5), p95: quantile(samples, 0.95) };
}
