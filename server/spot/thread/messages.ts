import type { DepthSnapshot, ErrorName, SpotPairRules, Trade } from '../../../protocol';
import type { Side } from '../../domain/spot/types';
import type { DepthDiff } from '../../market/book';
import type { Tick } from '../../market/feed';
import type { SpotConfig } from '../config';
import type { PlaceRequest, Trader } from '../service';

/** What the spot thread is started with (its `workerData`). */
export interface SpotThreadData {
  database: { databaseUrl?: string | undefined; sqliteFile: string };
  config: SpotConfig;
  seed: number;
  /** The last depth seq of each pair a thread before this one published (`SpotOptions.depthSeqs`). */
  depthSeqs: Record<string, number>;
  /** Where the thread asks the log's flusher to flush its writes (logFlusher.ts); absent on
   * PostgreSQL, whose commits are on disk when they resolve. */
  logFlushes?: SharedArrayBuffer;
}

/** The calls the main thread makes of the spot thread, each answered by a `reply` of its id. */
export type SpotCall =
  | { op: 'place'; trader: Trader; side: Side; req: PlaceRequest }
  | { op: 'cancel'; userId: number; orderId: number }
  | { op: 'idle' }
  | { op: 'reloadSettings' }
  | { op: 'depth'; pair: string }
  | { op: 'stop' };

export type ToSpotThread = { t: 'call'; id: number; call: SpotCall } | { t: 'tick'; tick: Tick };

/** A failure as it crosses threads: a catalogued one keeps its name and data, any other its text. */
export type WireError =
  | { app: { name: ErrorName; data: unknown; code: number | undefined } }
  | { message: string; stack: string | undefined; code?: string | undefined };

export interface BookState {
  pair: string;
  depth: DepthSnapshot;
  trades: Trade[];
}

/** A batch of what the spot thread tells the main thread, as it posts it: gathered (see `outbox`
 * in wire.ts), with how many writes its connection had ended by then (`Db.writes`), which a flush
 * of the log must cover before any of it is let out (`coveringFlush`). */
export interface FromSpotBatch {
  writes: number;
  messages: FromSpotThread[];
}

/** What the spot thread tells the main thread. */
export type FromSpotThread =
  | { t: 'ready'; books: BookState[]; rules: SpotPairRules[] }
  | { t: 'reply'; id: number; ok: true; value: unknown }
  /** An order's view, the answer to a place or a cancel, as its JSON text (`JsonText`). */
  | { t: 'reply'; id: number; ok: true; json: string }
  | { t: 'reply'; id: number; ok: false; error: WireError }
  /** An order's news for its owner: its view as JSON text. When the same view answers a call of
   * the batch, `answers` names the call and no `reply` is sent for it: the view crosses once. */
  | { t: 'order'; userId: number; json: string; answers?: number }
  | { t: 'balances'; userIds: number[] }
  | { t: 'depth'; pair: string; diff: DepthDiff }
  | { t: 'trades'; pair: string; trades: Trade[] }
  | { t: 'rules'; rules: SpotPairRules[] }
  | { t: 'error'; error: WireError };
