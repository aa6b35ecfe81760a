import { loadBench } from "./load/bench.js";
import { ordersBench } from "./orders/bench.js";
import { realtimeBench } from "./realtime/bench.js";
import { signinBench } from "./signin.js";
import { startBench } from "./start.js";
import { webBench } from "./web/bench.js";
import { markStart, note } from "./lib/result.js";

/** `npm run bench -- [NAME…] [--quick]`: the named benchmarks, or all of them. */
const BENCHES: Record<string, () => Promise<void>> = {
  start: startBench,
  signin: signinBench,
  orders: ordersBench,
  realtime: realtimeBench,
  load: loadBench,
  web: webBench,
};

const names = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const unknown = names.filter((name) => !(name in BENCHES));
if (unknown.length > 0) {
  console.error(`Unknown benchmark: ${unknown.join(", ")}. Known: ${Object.keys(BENCHES).join(", ")}`);
  process.exit(2);
}

let failed = false;
for (const name of names.length > 0 ? names : Object.keys(BENCHES)) {
  try {
    markStart();
    await BENCHES[name]!();
  } catch (err) {
    failed = true;
    note(`${name} failed: ${(err as Error).stack ?? String(err)}`);
  }
}
process.exit(failed ? 1 : 0);
