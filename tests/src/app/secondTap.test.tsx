import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { catchSecondTap } from '../../../src/app/secondTap';
import { afterDoubleTap, tap } from '../../setup/dom';

const AT = { x: 120, y: 300 };
const NEAR = { x: 135, y: 318 };
const FAR = { x: 120, y: 420 };

/** A row that opens another screen, a banner whose close removes it, and a button that stays; and
 * what comes up under the finger afterwards. */
const Screen = ({ beneath }: { beneath: () => void }) => {
  const [banner, setBanner] = useState(true);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          catchSecondTap(() => document.querySelector('[role="dialog"]') !== null);
          setAsking(true);
        }}
      >
        Pledge
      </button>
      {asking && (
        <div role="dialog" aria-modal="true" aria-label="Confirm the pledge">
          <button type="button" onClick={beneath}>
            Confirm
          </button>
        </div>
      )}
      <button type="button" onClick={() => window.history.pushState(null, '', '/recharge/select')}>
        Deposit
      </button>
      {banner && (
        <button type="button" onClick={() => setBanner(false)}>
          Close banner
        </button>
      )}
      <button type="button">Show</button>
      <select aria-label="Coin">
        <option>USDT</option>
      </select>
      <button type="button" onClick={beneath}>
        USDT
      </button>
    </>
  );
};

const button = (name: string) => screen.getByRole('button', { name });

type Point = { x: number; y: number };

/** The screen, a tap on `first` and at once one on `second`: what the second tap's button does,
 * as a mock (the one beneath, or a dialog's Confirm). */
const twoTaps = (first: [string, Point], second: [string, Point]) => {
  const beneath = vi.fn();
  render(<Screen beneath={beneath} />);
  tap(button(first[0]), first[1]);
  tap(button(second[0]), second[1]);
  return beneath;
};

beforeEach(() => window.history.replaceState(null, '', '/home'));

describe('a double tap', () => {
  it('that opens another screen is one tap: the second lands on nothing of the new screen', () => {
    const beneath = twoTaps(['Deposit', AT], ['USDT', NEAR]);
    expect(window.location.pathname).toBe('/recharge/select');
    expect(beneath).not.toHaveBeenCalled();
    // The reader's next tap, after a moment, is a tap.
    afterDoubleTap();
    tap(button('USDT'), NEAR);
    expect(beneath).toHaveBeenCalledTimes(1);
  });

  it('that takes away what it tapped (a banner closed) does not fall on what moved up beneath', () => {
    expect(twoTaps(['Close banner', AT], ['USDT', NEAR])).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Close banner' })).toBeNull();
  });

  it('that opens a confirmation the screen names does not answer it: the second is not its Confirm', () => {
    const confirm = twoTaps(['Pledge', AT], ['Confirm', NEAR]);
    expect(confirm).not.toHaveBeenCalled();
    afterDoubleTap();
    tap(button('Confirm'), NEAR);
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it("catches the second tap's press too: it would focus a field or open a list under the finger", () => {
    render(<Screen beneath={vi.fn()} />);
    const press = () =>
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Coin' }), {
        detail: 1,
        clientX: NEAR.x,
        clientY: NEAR.y,
      });
    tap(button('Deposit'), AT);
    // fireEvent answers false when the event's default was prevented.
    expect(press()).toBe(false);
    afterDoubleTap();
    expect(press()).toBe(true);
  });

  it('leaves alone a quick tap elsewhere on the screen: it is meant for what it lands on', () => {
    expect(twoTaps(['Deposit', AT], ['USDT', FAR])).toHaveBeenCalledTimes(1);
  });

  it('on what stays where it was catches nothing: both taps are heard', () => {
    expect(twoTaps(['Show', AT], ['USDT', AT])).toHaveBeenCalledTimes(1);
  });

  it('is made of taps: a click a key makes (Enter in a form) is neither caught nor catches', () => {
    const beneath = vi.fn();
    render(<Screen beneath={beneath} />);
    tap(button('Deposit'), AT);
    // A form sent with Enter on the new screen clicks its button without a tap.
    button('USDT').click();
    expect(beneath).toHaveBeenCalledTimes(1);

    afterDoubleTap();
    window.history.replaceState(null, '', '/home');
    button('Deposit').click();
    tap(button('USDT'), AT);
    expect(beneath).toHaveBeenCalledTimes(2);
  });
});
