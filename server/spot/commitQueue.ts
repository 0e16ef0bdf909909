import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from '../http/appError';

/** What a command answers once its transaction has committed, and what it then publishes. */
export interface Committed<T> {
  value: T;
  publish?: () => void;
}

interface Job {
  run: (trx: Kysely<Database>) => Promise<Committed<unknown>>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/**
 * The single writer of one book: commands run one at a time, in arrival order. Whatever queued up
 * while a transaction was open runs together in the next one (group commit): under load many
 * orders share one commit, idle a lone order commits at once. A command refused with an AppError
 * (before it changed anything) fails alone; any other failure rolls the whole batch back, and
 * `onAbort` rebuilds the book from the database before the queue goes on.
 */
export class CommitQueue {
  private readonly jobs: Job[] = [];
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly onAbort: (err: unknown) => Promise<void>,
    private readonly afterBatch: () => void,
    private readonly maxBatch = 256,
  ) {}

  push<T>(run: (trx: Kysely<Database>) => Promise<Committed<T>>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.jobs.push({ run, resolve: resolve as (v: unknown) => void, reject });
      this.running ??= this.drain().finally(() => (this.running = undefined));
    });
  }

  /** Resolves once every queued command has finished. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain() {
    while (this.jobs.length > 0) {
      const batch = this.jobs.splice(0, this.maxBatch);
      const outcomes: Array<{ ok: true; c: Committed<unknown> } | { ok: false; err: unknown }> = [];
      try {
        await this.db.transaction().execute(async (trx) => {
          for (const job of batch) {
            try {
              outcomes.push({ ok: true, c: await job.run(trx) });
            } catch (err) {
              if (!(err instanceof AppError)) throw err;
              outcomes.push({ ok: false, err });
            }
          }
        });
      } catch (err) {
        await this.onAbort(err).catch(() => undefined);
        for (const job of batch) job.reject(err);
        continue;
      }
      batch.forEach((job, i) => {
        const o = outcomes[i]!;
        if (o.ok) {
          o.c.publish?.();
          job.resolve(o.c.value);
        } else job.reject(o.err);
      });
      this.afterBatch();
    }
  }
}
