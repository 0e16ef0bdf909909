import { Subject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { keyed } from '../../streams/keyed';
import { perFrame } from '../../streams/perFrame';
import { createServerClock } from '../../streams/serverTime';
import type { Transport } from '../../streams/transport';

const testScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('stream operators (marbles)', () => {
  it('perFrame passes on only the latest value of each frame', () => {
    const ts = testScheduler();
    ts.run(({ cold, expectObservable }) => {
      const source = cold('a(bcd)-e--(fg)|');
      expectObservable(source.pipe(perFrame(ts))).toBe('ad-----e--g---|');
    });
  });

  it('keyed shares one stream per key, replays its latest value, and lets go after the keep-alive', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold('a--b--c--d');
      let made = 0;
      const stream = keyed((_key: string) => {
        made++;
        return source;
      }, 4);
      const s = stream('x');
      expect(stream('x')).toBe(s);
      expect(stream('y')).not.toBe(s);
      expectObservable(s, '^----!').toBe('a--b-');
      expectObservable(s, '--^--!').toBe('--ab-');
      // The last subscriber leaves at frame 5; the source is released four frames later.
      expectSubscriptions(source.subscriptions).toBe('^--------!');
      expect(made).toBe(2);
    });
  });

  it('countdown$ counts whole seconds to the close on server time, ending at 0', () => {
    const ts = testScheduler();
    ts.run(({ expectObservable }) => {
      const pong$ = new Subject<{ op: 'pong'; ts: number; serverTs: number; receivedAt: number }>();
      const clock = createServerClock({ pong$ } as unknown as Transport, () => ts.now(), ts);
      // The server clock runs two seconds ahead of this device.
      pong$.next({ op: 'pong', ts: 0, serverTs: 2000, receivedAt: 0 });
      expectObservable(clock.countdown$(5000)).toBe('a 999ms b 999ms c 999ms (d|)', {
        a: 3,
        b: 2,
        c: 1,
        d: 0,
      });
    });
  });
});
