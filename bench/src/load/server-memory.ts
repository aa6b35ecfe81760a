import { readFileSync } from "node:fs";

/** The resident memory of a process now and at its peak (VmRSS, VmHWM of /proc/<pid>/status), in MiB. */
export function serverMemory(pid: number): { rss_mb: number; peak_rss_mb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
  return { rss_mb: Math.round(kib("VmRSS") / 1024), peak_rss_mb: Math.round(kib("VmHWM") / 1024) };
}
