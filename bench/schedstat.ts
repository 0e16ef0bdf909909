import fs from 'node:fs';

/** One thread's scheduler counts so far (`/proc/<pid>/task/<tid>/schedstat`, Linux): nanoseconds
 * on a CPU, and nanoseconds runnable but waiting for one. */
interface ThreadCounts {
  runNs: number;
  waitNs: number;
}

/** Every thread of a process, by thread id; empty where `/proc` has no scheduler counts. */
type ProcessCounts = Map<number, ThreadCounts>;

export const threadCounts = (pid: number): ProcessCounts => {
  const out: ProcessCounts = new Map();
  let tids: string[];
  try {
    tids = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tids) {
    try {
      const [run, wait] = fs
        .readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8')
        .split(' ')
        .map(Number);
      out.set(Number(tid), { runNs: run!, waitNs: wait! });
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return out;
};

/** Of a stretch of wall time, the share in % a thread ran, and the share it was ready to run but
 * waited for a core (the run queue). */
export interface CoreShare {
  runPct: number;
  waitPct: number;
}

/** Where `/proc` had no counts: no figure rather than a wrong one. */
const UNKNOWN: CoreShare = { runPct: Number.NaN, waitPct: Number.NaN };

const share = (
  before: ThreadCounts | undefined,
  now: ThreadCounts | undefined,
  wallNs: number,
): CoreShare => ({
  runPct: +((100 * ((now?.runNs ?? 0) - (before?.runNs ?? 0))) / wallNs).toFixed(1),
  waitPct: +((100 * ((now?.waitNs ?? 0) - (before?.waitNs ?? 0))) / wallNs).toFixed(1),
});

/**
 * How a process's busiest threads used the cores since `before`, over `wallMs` of wall time: its
 * main thread (the one whose id is the process's), and the busiest of the others (in the exchange
 * server, the spot thread; in the HTTP floor, its echo thread). NaN where `/proc` had no counts.
 *
 * Why: a thread that is ready but waits for a core adds that wait to every order passing through
 * it, whatever its own CPU an order. On the thirty-fourth session's two-vCPU machine, at 10 000
 * orders/s, the server's main and spot threads each ran about 60 % of the time and each waited
 * 14–22 % more for a core, the load client about 20 %: the threads' hand-overs queue on the cores
 * they share long before any one thread is full (docs/spot-performance.md).
 */
export const threadSharesSince = (pid: number, before: ProcessCounts, wallMs: number) => {
  const now = threadCounts(pid);
  const wallNs = wallMs * 1e6;
  if (now.size === 0) return { main: UNKNOWN, busiestOther: UNKNOWN };
  const ran = (tid: number) => (now.get(tid)?.runNs ?? 0) - (before.get(tid)?.runNs ?? 0);
  let busiest: number | undefined;
  for (const tid of now.keys())
    if (tid !== pid && (busiest === undefined || ran(tid) > ran(busiest))) busiest = tid;
  return {
    main: share(before.get(pid), now.get(pid), wallNs),
    busiestOther:
      busiest === undefined
        ? share(undefined, undefined, wallNs)
        : share(before.get(busiest), now.get(busiest), wallNs),
  };
};
