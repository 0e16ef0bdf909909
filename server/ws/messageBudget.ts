/**
 * A connection's allowance of messages, as a token bucket: `burst` at once (a screen change
 * unsubscribes one screen's channels and subscribes the next's), refilled at `perSecond`. A
 * message that costs more than is left is over the budget.
 */
export class MessageBudget {
  private left: number;
  private at: number;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    now = Date.now(),
  ) {
    this.left = burst;
    this.at = now;
  }

  /** Takes `cost` from the allowance; false, taking nothing, when there is not that much left. */
  spend(cost: number, now = Date.now()): boolean {
    this.left = Math.min(this.burst, this.left + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    if (this.left < cost) return false;
    this.left -= cost;
    return true;
  }
}
