import inspector from 'node:inspector';
import { findSourceMap } from 'node:module';
import path from 'node:path';
import { PerformanceObserver, constants, type NodeGCPerformanceDetail } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { measureSpotService, type SpotServiceFigures } from './spotService';

const root = path.resolve(import.meta.dirname, '..');

interface AllocationSite {
  /** The project's own function that made the objects, or called the library or built-in that did:
   * `server/domain/ledger/post.ts:52 post`. */
  site: string;
  kbPerOrder: number;
  sharePct: number;
}

interface SpotAllocationsFigures {
  /** The books' run without the sampler. */
  books: SpotServiceFigures;
  /** V8's collections during that run. */
  gc: {
    /** Young-generation collections (scavenges) a thousand orders. */
    minorPerThousand: number;
    /** Full collections (mark and compact) a thousand orders. */
    majorPerThousand: number;
    /** Time the thread was stopped for collections of every kind, an order. */
    pauseUsPerOrder: number;
    longestMs: number;
  };
  /** Bytes allocated an order, collected objects included, in a second run under the sampler. */
  kbPerOrder: number;
  sites: AllocationSite[];
}

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

/** A profile frame as the TypeScript it came from; tsx compiles each file to one line, so the
 * generated position says nothing without the source map Node keeps for the module. */
const ownSite = ({ functionName, url, lineNumber, columnNumber }: ProfileNode['callFrame']) => {
  if (!url.startsWith('file://')) return undefined;
  const file = fileURLToPath(url);
  if (!file.startsWith(root) || file.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
  const entry = findSourceMap(file)?.findEntry(lineNumber, columnNumber);
  const line = entry && 'originalLine' in entry ? entry.originalLine + 1 : lineNumber + 1;
  return `${path.relative(root, file)}:${line} ${functionName || '(anonymous)'}`;
};

/** Each sample's bytes go to the nearest frame of the project's own code above it. */
const bySite = (head: ProfileNode) => {
  const sites = new Map<string, number>();
  let total = 0;
  const walk = (node: ProfileNode, inherited: string) => {
    const site = ownSite(node.callFrame) ?? inherited;
    total += node.selfSize;
    if (node.selfSize > 0) sites.set(site, (sites.get(site) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child, site);
  };
  walk(head, '(outside the project)');
  return { sites, total };
};

const MINOR = constants.NODE_PERFORMANCE_GC_MINOR;
const MAJOR = constants.NODE_PERFORMANCE_GC_MAJOR;

/** The collections of the books' measured run, watched through `perf_hooks`. */
const measureCollections = async (seconds: number, inFlight: number) => {
  const pauses: Array<{ kind: number; ms: number; at: number }> = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      pauses.push({
        kind: (e as unknown as { detail: NodeGCPerformanceDetail }).detail.kind,
        ms: e.duration,
        at: e.startTime,
      });
  });
  observer.observe({ entryTypes: ['gc'] });
  let from = 0;
  let to = 0;
  try {
    const books = await measureSpotService({
      seconds,
      inFlight,
      timed: (on) => (on ? (from = performance.now()) : (to = performance.now())),
    });
    // Entries reach the observer a turn after the collection.
    await new Promise((resolve) => setImmediate(resolve));
    const inRun = pauses.filter((p) => p.at >= from && p.at <= to);
    const count = (kind: number) => inRun.filter((p) => p.kind === kind).length;
    return {
      books,
      gc: {
        minorPerThousand: +((1000 * count(MINOR)) / books.orders).toFixed(2),
        majorPerThousand: +((1000 * count(MAJOR)) / books.orders).toFixed(3),
        pauseUsPerOrder: +((1000 * inRun.reduce((a, p) => a + p.ms, 0)) / books.orders).toFixed(2),
        longestMs: +Math.max(0, ...inRun.map((p) => p.ms)).toFixed(2),
      },
    };
  } finally {
    observer.disconnect();
  }
};

/**
 * What the spot books allocate an order, and where: `measureSpotService` on SQLite (the books
 * alone, in this process, `inFlight` orders waiting) run twice. The first run counts V8's
 * collections and the time they stop the thread; young-generation collections are the pauses of a
 * few milliseconds that reach an order's latency. The second runs under V8's sampling heap
 * profiler (a sample every kilobyte, objects already collected kept), and adds each sample's bytes
 * to the project's own function nearest to it on the stack, so what a library or a built-in
 * allocated for the project's call counts at that call. The bytes an order do not depend on the
 * machine's speed, as times do: a change to the order path can be judged by them on any machine.
 * The benchmark's own lanes (`bench/`) allocate a little of it.
 */
export const measureSpotAllocations = async ({
  seconds = 5,
  inFlight = 20,
  top = 15,
} = {}): Promise<SpotAllocationsFigures> => {
  const { books, gc } = await measureCollections(seconds, inFlight);
  const session = new inspector.Session();
  session.connect();
  let profile: { head: ProfileNode } | undefined;
  let failure: Error | null = null;
  try {
    session.post('HeapProfiler.enable');
    // The sampler slows the books: their speed is the first run's, only the bytes are this one's.
    const sampled = await measureSpotService({
      seconds,
      inFlight,
      timed: (on) => {
        // Posted on this thread's own session, each call is done when `post` returns.
        if (on)
          session.post('HeapProfiler.startSampling', {
            samplingInterval: 1024,
            includeObjectsCollectedByMajorGC: true,
            includeObjectsCollectedByMinorGC: true,
          });
        else
          session.post('HeapProfiler.stopSampling', (err, result) => {
            failure = err;
            profile = result?.profile as { head: ProfileNode } | undefined;
          });
      },
    });
    if (failure) throw failure;
    if (!profile) throw new Error('the heap profiler gave no profile');
    const { sites, total } = bySite(profile.head);
    const kb = (bytes: number) => +(bytes / 1024 / sampled.orders).toFixed(2);
    return {
      books,
      gc,
      kbPerOrder: kb(total),
      sites: [...sites]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([site, bytes]) => ({
          site,
          kbPerOrder: kb(bytes),
          sharePct: +((100 * bytes) / total).toFixed(1),
        })),
    };
  } finally {
    session.disconnect();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const [seconds, inFlight, top] = process.argv.slice(2).map(Number);
  void measureSpotAllocations({ seconds, inFlight, top }).then((f) => {
    console.table([{ ...f.books, ...f.gc }]);
    console.log(`allocated: ${f.kbPerOrder} KB an order`);
    console.table(f.sites);
  });
}
