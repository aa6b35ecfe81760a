import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * One process at a time on a PGlite data folder. PGlite takes no lock of its own, and a second
 * opener (a second `npm start` on another port, `admin:create` while the server runs) works on
 * its own copy of the pages: both answer, and the commits of one are silently lost. A lock file
 * names the holder; one left by a process that is gone (kill -9) is taken over.
 */
const LOCK_FILE = "naijap2p.lock";

type Holder = { pid: number; started: string | null };

/** Folders this process holds: its own pid in a lock file is live only for these. */
const held = new Set<string>();

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(`The data folder ${dataDir} is in use by another process (pid ${pid}). Stop it first, or give this one its own DATA_DIR.`);
  }
}

/** Takes the folder's lock or throws DataDirInUseError; returns its release. */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE);
  const me: Holder = { pid: process.pid, started: startTimeOf(process.pid) };
  // Exclusive create; a stale file is removed and the create tried once more.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, JSON.stringify(me), { flag: "wx" });
      held.add(path);
      return () => {
        held.delete(path);
        if (readHolder(path)?.pid === me.pid) rmSync(path, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = readHolder(path);
      if (holder && isAlive(holder, path)) throw new DataDirInUseError(dataDir, holder.pid);
      rmSync(path, { force: true });
    }
  }
  throw new DataDirInUseError(dataDir, readHolder(path)?.pid ?? 0);
}

function readHolder(path: string): Holder | null {
  try {
    const parsed = JSON.parse(readFileSync(path, "utf8")) as Holder;
    return Number.isInteger(parsed.pid) ? parsed : null;
  } catch {
    return null;
  }
}

function isAlive(holder: Holder, path: string): boolean {
  if (holder.pid === process.pid) return held.has(path);
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  // The pid may have been reused by another program since: where the start time is known, it must match.
  const started = startTimeOf(holder.pid);
  return started === null || holder.started === null || started === holder.started;
}

/** The process's start time (Linux /proc, in clock ticks since boot), or null where unknown. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}
