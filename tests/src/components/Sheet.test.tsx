import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Sheet } from '../../../src/components/Sheet';
import { i18n } from '../../../src/i18n';
import { afterDoubleTap, tap } from '../../setup/dom';
import { setupI18n } from '../../setup/i18n';

/** A screen with a button under where the sheet's row was, and a sheet whose row picks and closes. */
const Screen = ({ beneath }: { beneath: () => void }) => {
  const [open, setOpen] = useState(true);
  return (
    <I18nextProvider i18n={i18n}>
      <button type="button" onClick={beneath}>
        Buy
      </button>
      <button type="button" onClick={() => setOpen(true)}>
        Pairs
      </button>
      {open && (
        <Sheet id="pick-title" title="Pick" className="pick" onClose={() => setOpen(false)}>
          <button type="button" onClick={() => setOpen(false)}>
            ETH/USDT
          </button>
        </Sheet>
      )}
    </I18nextProvider>
  );
};

beforeAll(setupI18n);

describe('a sheet', () => {
  it.each([
    ['a pick', 'ETH/USDT'],
    ['its close button', 'Close'],
  ])('closed by %s lets no second tap of a double tap fall on the screen beneath', (_what, name) => {
    const beneath = vi.fn();
    render(<Screen beneath={beneath} />);
    tap(screen.getByRole('button', { name }));
    expect(screen.queryByRole('dialog')).toBeNull();
    tap(screen.getByRole('button', { name: 'Buy' }));
    expect(beneath).not.toHaveBeenCalled();
    afterDoubleTap();
    tap(screen.getByRole('button', { name: 'Buy' }));
    expect(beneath).toHaveBeenCalledTimes(1);
  });

  it('opened by a tap is not closed again by the second tap of a double tap, nor pressed', () => {
    render(<Screen beneath={vi.fn()} />);
    tap(screen.getByRole('button', { name: 'Close' }));
    afterDoubleTap();
    tap(screen.getByRole('button', { name: 'Pairs' }));
    tap(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    afterDoubleTap();
    tap(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('hears a tap at once after one that changed nothing', () => {
    render(<Screen beneath={vi.fn()} />);
    tap(screen.getByRole('heading', { name: 'Pick' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    tap(screen.getByRole('button', { name: 'ETH/USDT' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
