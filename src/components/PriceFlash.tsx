import { useEffect, useRef } from 'react';
import { compareDecimalStrings } from './format';

const FLASH_MS = 700;

/**
 * A live figure that flashes green when its value rises and red when it falls. The flash is a Web
 * Animation, so a tick costs no React state and restarts cleanly on the next tick. It fades the
 * opacity of a coloured layer behind the figure, which the compositor runs by itself: a fading
 * background colour had to be restyled and repainted on the main thread every frame, and with
 * tickers four times a second some row of /home or /market was always flashing (3 600 style
 * recalculations a minute on an idle screen).
 */
export const PriceFlash = ({
  value,
  text,
  className = '',
}: {
  value: string | undefined;
  text: string;
  className?: string;
}) => {
  const glow = useRef<HTMLSpanElement>(null);
  const previous = useRef(value);
  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    const el = glow.current;
    if (!el || !before || !value || before === value || typeof el.animate !== 'function') return;
    el.style.background = compareDecimalStrings(value, before) > 0 ? 'var(--up-flash)' : 'var(--down-flash)';
    el.animate([{ opacity: 1 }, { opacity: 0 }], { duration: FLASH_MS, easing: 'ease-out' });
  }, [value]);
  return (
    <span className={`price-flash ${className}`}>
      <span ref={glow} className="price-flash__glow" aria-hidden="true" />
      {text}
    </span>
  );
};
