import { useEffect, useRef } from 'react';
import { compareDecimalStrings } from './format';

const FLASH_MS = 700;

/**
 * A live figure that flashes green when its value rises and red when it falls. The flash is a Web
 * Animation on the element, so a tick costs no React state and restarts cleanly on the next tick.
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
  const ref = useRef<HTMLSpanElement>(null);
  const previous = useRef(value);
  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    const el = ref.current;
    if (!el || !before || !value || before === value || typeof el.animate !== 'function') return;
    const colour = compareDecimalStrings(value, before) > 0 ? 'var(--up-flash)' : 'var(--down-flash)';
    el.animate([{ backgroundColor: colour }, { backgroundColor: 'transparent' }], {
      duration: FLASH_MS,
      easing: 'ease-out',
    });
  }, [value]);
  return (
    <span ref={ref} className={`price-flash ${className}`}>
      {text}
    </span>
  );
};
