import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const HZ = 100;

/** utime + stime of a process in seconds, or null when it is gone. */
export function processCpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may contain spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / HZ;
  } catch {
    return null;
  }
}

/**
 * Seconds a process's main thread (a server's event loop) has spent runnable but waiting for a
 * core (the second field of /proc/<pid>/schedstat, in nanoseconds), or null when it is gone.
 */
function mainThreadWaitSeconds(pid: number): number | null {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[1]) / 1e9;
  } catch {
    return null;
  }
}

function pidsNamed(name: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === name) pids.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return pids;
}

/** Busy and total jiffies of the whole machine (all cores) from /proc/stat. */
function machineTicks(): { busy: number; total: number } {
  const [, ...values] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
  const n = values.map(Number);
  const idle = (n[3] ?? 0) + (n[4] ?? 0); // idle + iowait
  const total = n.slice(0, 8).reduce((a, b) => a + b, 0); // without guest time, already in user
  return { busy: total - idle, total };
}

export type CpuFigures = {
  server_core_pct: number | null;
  /**
   * How much of the window the server's event loop was ready to run but waited for a core, in
   * percent: the machine's contention as the server met it. Most of the realtime server's stalls
   * of over 2 ms were such waits (docs/PERFORMANCE.md, session of 2026-11-30 23:12).
   */
  server_waited_for_core_pct: number | null;
  postgres_core_pct: number;
  bench_client_core_pct: number;
  machine_busy_pct: number;
};

/** CPU milliseconds the measured processes (server, PostgreSQL, this client) spent per unit of work. */
export function cpuMsPer(cpu: CpuFigures, perSecond: number): number {
  const cores = ((cpu.server_core_pct ?? 0) + cpu.postgres_core_pct + cpu.bench_client_core_pct) / 100;
  return Math.round((cores / perSecond) * 1000 * 100) / 100;
}

type Snapshot = {
  at: number;
  machine: { busy: number; total: number };
  processes: Map<number, number>;
  serverWaited: number | null;
  self: NodeJS.CpuUsage;
};

/**
 * Where the CPU went during a window, in percent of one core: the server process, all
 * PostgreSQL processes on the machine (ours and anyone else's), this load generator, and the
 * whole machine's busy share of all its cores; and how long the server's main thread waited for
 * a core, in percent of the window.
 */
export class CpuMeter {
  private start: Snapshot | null = null;

  constructor(private readonly serverPid: number | null) {}

  private snapshot(): Snapshot {
    const processes = new Map<number, number>();
    for (const pid of [...(this.serverPid ? [this.serverPid] : []), ...pidsNamed("postgres")]) {
      const seconds = processCpuSeconds(pid);
      if (seconds !== null) processes.set(pid, seconds);
    }
    const serverWaited = this.serverPid ? mainThreadWaitSeconds(this.serverPid) : null;
    return { at: performance.now(), machine: machineTicks(), processes, serverWaited, self: process.cpuUsage() };
  }

  begin(): void {
    this.start = this.snapshot();
  }

  end(): CpuFigures {
    const start = this.start!;
    const end = this.snapshot();
    const wall = (end.at - start.at) / 1000;
    const used = (pid: number) => (end.processes.get(pid) ?? start.processes.get(pid)!) - start.processes.get(pid)!;
    let postgres = 0;
    for (const pid of start.processes.keys()) if (pid !== this.serverPid) postgres += used(pid);
    const self = process.cpuUsage(start.self);
    const pct = (seconds: number) => Math.round((seconds / wall) * 1000) / 10;
    return {
      server_core_pct: this.serverPid && start.processes.has(this.serverPid) ? pct(used(this.serverPid)) : null,
      server_waited_for_core_pct: start.serverWaited !== null && end.serverWaited !== null ? pct(end.serverWaited - start.serverWaited) : null,
      postgres_core_pct: pct(postgres),
      bench_client_core_pct: pct((self.user + self.system) / 1e6),
      machine_busy_pct: Math.round(((end.machine.busy - start.machine.busy) / (end.machine.total - start.machine.total)) * 1000) / 10,
    };
  }
}
