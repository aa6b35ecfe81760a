import { realpathSync } from "node:fs";
import { pathToFileURL } from "node:url";

/** Runs a command-line entry point when its module is the one node was started with; exits with its code. */
export function runIfMain(moduleUrl: string, main: (argv: string[]) => Promise<number>): void {
  let isMain: boolean;
  try {
    isMain = moduleUrl === pathToFileURL(realpathSync(process.argv[1] ?? "")).href;
  } catch {
    isMain = false; // no script path (a REPL, -e)
  }
  if (!isMain) return;
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
