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

  it('countdown$ counts whole seconds to the close on server time, turning when its clock does, ending at 0', () => {
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
      // 5.5 s left: 6 until 0:05 is reached half a second on, and 0 at the close itself, where a
      // timer from the first look said "0:01" until half a second after the close.
      expectObservable(clock.countdown$(7500)).toBe('a 499ms b 999ms c 999ms d 999ms e 999ms f 999ms (g|)', {
        a: 6,
        b: 5,
        c: 4,
        d: 3,
        e: 2,
        f: 1,
        g: 0,
      });
    });
  });

  it('countdown$ shows nothing until the server time is read, then counts from the reading', () => {
    const ts = testScheduler();
    ts.run(({ cold, expectObservable }) => {
      const pong$ = new Subject<{ op: 'pong'; ts: number; serverTs: number; receivedAt: number }>();
      const clock = createServerClock({ pong$ } as unknown as Transport, () => ts.now(), ts);
      // The device runs two minutes ahead: alone it would say the contract had closed.
      cold('1500ms a').subscribe(() =>
        pong$.next({ op: 'pong', ts: 1400, serverTs: 1500 - 120_000 + 10, receivedAt: 1500 }),
      );
      // 8.44 s left at the reading: 9, then 8 when 8 s are left, 440 ms on.
      expectObservable(clock.countdown$(-110_000), '^ 3400ms !').toBe('u 1499ms a 439ms b 999ms c', {
        u: undefined,
        a: 9,
        b: 8,
        c: 7,
      });
    });
  });

  it('keeps a reading whose answer came quickly over one read long after its ping (a phone asleep)', () => {
    const pong$ = new Subject<{ op: 'pong'; ts: number; serverTs: number; receivedAt: number }>();
    let now = 100_000;
    const clock = createServerClock({ pong$ } as unknown as Transport, () => now);
    pong$.next({ op: 'pong', ts: 99_920, serverTs: 1_000_000, receivedAt: 100_000 });
    expect(clock.serverNow() - 1_000_000).toBeLessThanOrEqual(40);
    // A ping sent, the phone asleep 30 s, the pong read on waking.
    now = 130_000;
    pong$.next({ op: 'pong', ts: 100_000, serverTs: 1_000_100, receivedAt: 130_000 });
    expect(Math.abs(clock.serverNow() - 1_030_000)).toBeLessThanOrEqual(40);
    // The next quick reading is taken.
    pong$.next({ op: 'pong', ts: 129_950, serverTs: 1_030_500, receivedAt: 130_000 });
    expect(clock.serverNow()).toBe(1_030_525);
  });
});
