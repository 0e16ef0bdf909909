import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PriceFlash } from '../../../src/components/PriceFlash';

afterEach(() => {
  delete (HTMLElement.prototype as Partial<HTMLElement>).animate;
});

describe('a flashing price', () => {
  it('fades a coloured layer behind the figure by its opacity, which the compositor runs alone', () => {
    const animate = vi.fn();
    HTMLElement.prototype.animate = animate;
    const { container, rerender } = render(<PriceFlash value="100.00" text="100.00" />);
    rerender(<PriceFlash value="101.00" text="101.00" />);
    const glow = container.querySelector<HTMLElement>('.price-flash__glow')!;
    expect(glow).toHaveAttribute('aria-hidden', 'true');
    expect(animate).toHaveBeenCalledTimes(1);
    expect(animate.mock.contexts[0]).toBe(glow);
    // Opacity only: a background colour animated is restyled and repainted every frame.
    expect(animate.mock.calls[0]![0]).toEqual([{ opacity: 1 }, { opacity: 0 }]);
    expect(glow.style.background).toBe('var(--up-flash)');
    rerender(<PriceFlash value="99.00" text="99.00" />);
    expect(glow.style.background).toBe('var(--down-flash)');
    expect(container.querySelector('.price-flash')).toHaveTextContent('99.00');
  });

  it('does not flash for the same value', () => {
    const animate = vi.fn();
    HTMLElement.prototype.animate = animate;
    const { rerender } = render(<PriceFlash value="100.00" text="100.00" />);
    rerender(<PriceFlash value="100.00" text="100.00" />);
    expect(animate).not.toHaveBeenCalled();
  });
});
