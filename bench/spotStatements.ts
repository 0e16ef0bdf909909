import SQLite from 'better-sqlite3';
import { measureSpotService, type SpotServiceFigures } from './spotService';
import { walCommits } from './walCommits';

interface StatementFigures {
  /** The statement's SQL with its row lists folded, cut short. */
  statement: string;
  runs: number;
  usPerRun: number;
  /** The median run: COMMIT's mean holds the checkpoints SQLite runs inside some commits. */
  p50UsPerRun: number;
  usPerOrder: number;
  /** Of the time in every statement. */
  sharePct: number;
}

interface PagesFigures {
  /** A table or index, as SQLite's `dbstat` names it (`sqlite_schema` holds page 1, the header). */
  btree: string;
  pagesPerCommit: number;
  pagesPerOrder: number;
}

interface SpotStatementsFigures {
  books: SpotServiceFigures;
  /** Time inside SQLite's statements (better-sqlite3's calls), an order. */
  statementsUsPerOrder: number;
  statements: StatementFigures[];
  commits: number;
  /** Pages each commit wrote to the log; a COMMIT without a checkpoint spends most of its time
   * writing them, two writes a page. */
  pagesPerCommit: number;
  pages: PagesFigures[];
}

/** A statement's SQL with its row lists folded, so every batch size of one insert counts as one
 * statement: `values (?, ?), (?, ?)` and an `or` of any number of keys read alike. */
const shapeOf = (sql: string) =>
  sql
    .replace(/\(\?(?:, \?)*\)(?:, \(\?(?:, \?)*\))*/g, '(…)')
    .replace(/\("user_id" = \? and "asset" = \?\)(?: or \("user_id" = \? and "asset" = \?\))+/g, '(… or …)')
    .replace(/\s+/g, ' ')
    .slice(0, 110);

const METHODS = ['run', 'get', 'all', 'iterate'] as const;

/**
 * Where the spot books' database time goes: `measureSpotService` on SQLite (the books alone, in
 * this process) with every statement better-sqlite3 runs in its measured run timed and added up by
 * shape. A CPU profile shows only that most of the books' time is in SQLite; this names the
 * statements, with what each costs an order and a run, and the tables and indexes whose pages
 * each commit writes to the log (read from the log itself after each COMMIT). The timing and the
 * reading cost the books CPU of their own, in their CPU figure but not in the statements' times.
 */
export const measureSpotStatements = async ({
  seconds = 6,
  inFlight = 20,
} = {}): Promise<SpotStatementsFigures> => {
  // Every connection's statements share one prototype: wrapping its methods times them all.
  const probe = new SQLite(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, unknown>;
  probe.close();
  const originals = METHODS.map((m) => proto[m] as (this: SQLite.Statement, ...args: unknown[]) => unknown);
  const tallies = new Map<string, number[]>();
  let counting = false;
  let books: SpotServiceFigures;
  let log: ReturnType<typeof walCommits> | undefined;
  let database: SQLite.Database | undefined;
  const commits: number[][] = [];
  let btrees = new Map<number, string>();
  METHODS.forEach((method, i) => {
    const original = originals[i]!;
    proto[method] = function (this: SQLite.Statement, ...args: unknown[]) {
      if (!counting) {
        if (this.source === 'commit') database ??= this.database;
        return original.apply(this, args);
      }
      const t0 = process.hrtime.bigint();
      try {
        return original.apply(this, args);
      } finally {
        const ns = Number(process.hrtime.bigint() - t0);
        let runs = tallies.get(this.source);
        if (!runs) tallies.set(this.source, (runs = []));
        runs.push(ns);
        if (this.source === 'commit') commits.push(...log!.read());
      }
    };
  });
  try {
    books = await measureSpotService({
      seconds,
      inFlight,
      timed: (on) => {
        if (!database) throw new Error('the books committed nothing before their measured run');
        // What the log held before the measured run is skipped.
        if (on) (log = walCommits(database.name)).read();
        counting = on;
        // Where each page belongs, read before the books close their database.
        if (!on) {
          const rows = database.prepare('select name, pageno from dbstat').all() as Array<{
            name: string;
            pageno: number;
          }>;
          btrees = new Map(rows.map((r) => [r.pageno, r.name]));
        }
      },
    });
  } finally {
    METHODS.forEach((method, i) => (proto[method] = originals[i]));
    log?.close();
  }
  const byBtree = new Map<string, number>();
  let frames = 0;
  for (const pages of commits) {
    frames += pages.length;
    for (const page of pages) {
      const btree = btrees.get(page) ?? 'freelist';
      byBtree.set(btree, (byBtree.get(btree) ?? 0) + 1);
    }
  }
  // By shape: an insert's batch sizes, each its own SQL text, add up as one statement.
  const shapes = new Map<string, number[]>();
  for (const [sql, runs] of tallies) {
    const key = shapeOf(sql);
    const shape = shapes.get(key);
    if (shape) shape.push(...runs);
    else shapes.set(key, runs);
  }
  const sum = (runs: readonly number[]) => runs.reduce((a, b) => a + b, 0);
  const byShape = [...shapes].map(([statement, runs]) => ({ statement, runs, ns: sum(runs) }));
  const total = sum(byShape.map((s) => s.ns));
  const us = (ns: number, per: number) => +(ns / 1000 / per).toFixed(2);
  return {
    books,
    statementsUsPerOrder: us(total, books.orders),
    statements: byShape
      .sort((a, b) => b.ns - a.ns)
      .map(({ statement, runs, ns }) => ({
        statement,
        runs: runs.length,
        usPerRun: us(ns, runs.length),
        p50UsPerRun: us(runs.sort((a, b) => a - b)[Math.floor((runs.length - 1) / 2)]!, 1),
        usPerOrder: us(ns, books.orders),
        sharePct: +((100 * ns) / total).toFixed(1),
      })),
    commits: commits.length,
    pagesPerCommit: +(frames / commits.length).toFixed(1),
    pages: [...byBtree]
      .sort((a, b) => b[1] - a[1])
      .map(([btree, n]) => ({
        btree,
        pagesPerCommit: +(n / commits.length).toFixed(2),
        pagesPerOrder: +(n / books.orders).toFixed(3),
      })),
  };
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const [seconds, inFlight] = process.argv.slice(2).map(Number);
  void measureSpotStatements({ seconds, inFlight }).then((f) => {
    console.table([f.books]);
    console.log(
      `SQLite statements: ${f.statementsUsPerOrder} µs an order (of ${f.books.cpuUsPerOrder} µs of CPU)`,
    );
    console.table(f.statements.slice(0, 20));
    console.log(
      `${f.commits} commits of ${(f.books.orders / f.commits).toFixed(1)} orders, ${f.pagesPerCommit} pages each`,
    );
    console.table(f.pages);
  });
}
