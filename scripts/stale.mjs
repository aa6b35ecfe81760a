// Whether a build is older than anything it is made from: `npm start` and the server build use it
// to rebuild only when a source changed.
import { existsSync, readdirSync, statSync } from "node:fs";

/** The newest modification time of a file, or of any file below a folder. */
function newestMtime(path) {
  if (!statSync(path).isDirectory()) return statSync(path).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(`${path}/${entry}`));
  return newest;
}

/** True when `output` is missing or any of `inputs` (files or folders; missing ones are skipped) is newer. */
export function isStale(output, inputs) {
  if (!existsSync(output)) return true;
  return Math.max(...inputs.filter(existsSync).map(newestMtime)) > statSync(output).mtimeMs;
}
