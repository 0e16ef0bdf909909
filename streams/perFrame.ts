import { animationFrameScheduler, auditTime, type MonoTypeOperatorFunction, type SchedulerLike } from 'rxjs';

/** At most one value per animation frame, the latest: fast streams (tickers, depth) update the
 * screen once per frame however many messages arrive in between. */
export const perFrame = <T>(
  scheduler: SchedulerLike = animationFrameScheduler,
): MonoTypeOperatorFunction<T> => auditTime<T>(0, scheduler);
