import { TRADES_LIMIT_MAX, type Trade } from '../../protocol';

/**
 * A pair's latest prints, as many as any caller may ask for. Kept oldest first, so each print is
 * added at the end: put in front of a list of 200 (`unshift`), every print moved them all, which
 * the spot books did on both threads for every order that filled. Trimmed once twice the limit is
 * held.
 */
export class Prints {
  private oldestFirst: Trade[] = [];

  /** `newestFirst` as on the wire. */
  constructor(newestFirst: readonly Trade[] = []) {
    this.add(newestFirst);
  }

  /** Adds prints newer than every one held, newest first as on the wire. */
  add(newestFirst: readonly Trade[]) {
    for (let i = newestFirst.length - 1; i >= 0; i--) this.oldestFirst.push(newestFirst[i]!);
    if (this.oldestFirst.length > 2 * TRADES_LIMIT_MAX)
      this.oldestFirst.splice(0, this.oldestFirst.length - TRADES_LIMIT_MAX);
  }

  /** The newest `limit` prints (at most `TRADES_LIMIT_MAX`), newest first. */
  newest(limit: number): Trade[] {
    const list = this.oldestFirst;
    const end = Math.max(0, list.length - Math.min(limit, TRADES_LIMIT_MAX));
    const out: Trade[] = [];
    for (let i = list.length - 1; i >= end; i--) out.push(list[i]!);
    return out;
  }
}
