import pg from "pg";

/**
 * A sample costs about 1 ms of CPU (0.73 ms of PostgreSQL's, 0.24 of this process's, measured
 * alone on the host of 2026-11-30 10:37), and it is taken only in the app's first round: every
 * 50 ms that was 2% of a core the app's first round lost to it, every 200 ms it is 0.5%. A
 * 20-second window still gives 100 samples of each session.
 */
const SAMPLE_MS = 200;

/**
 * What the database's sessions of the benchmark are doing, sampled every SAMPLE_MS during the
 * window: active on the CPU, waiting for a row lock, waiting for I/O or WAL, or idle in a
 * transaction (waiting for the app's next statement). Shares of all samples, in percent.
 */
export function activitySampler(url: string) {
  const dbName = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: url });
  const counts = new Map<string, number>();
  let total = 0;
  let timer: NodeJS.Timeout | null = null;
  let busy = false;
  return {
    async start() {
      await client.connect();
    },
    begin() {
      // eslint-disable-next-line @typescript-eslint/no-misused-promises -- the callback guards itself with busy and catches its own errors
      timer = setInterval(async () => {
        if (busy) return;
        busy = true;
        try {
          const { rows } = await client.query<{ what: string; n: number }>(
            `select case when state = 'idle in transaction' then 'idle_in_transaction'
                         when state = 'active' and wait_event_type is null then 'active_cpu'
                         when state = 'active' then 'active_wait:' || wait_event_type || ':' || wait_event
                         else coalesce(state, 'unknown') end as what, count(*)::int as n
             from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend' group by 1`,
            [dbName],
          );
          for (const r of rows) {
            counts.set(r.what, (counts.get(r.what) ?? 0) + r.n);
            total += r.n;
          }
        } catch {
          // a missed sample; the shares come from the others
        } finally {
          busy = false;
        }
      }, SAMPLE_MS);
    },
    end(): Record<string, number> {
      if (timer) clearInterval(timer);
      return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]).map(([k, n]) => [k, Math.round((n / Math.max(total, 1)) * 1000) / 10]));
    },
    close: () => client.end(),
  };
}
