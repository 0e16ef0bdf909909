import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { Dialog } from '../../../src/components/Dialog';
import { Sheet } from '../../../src/components/Sheet';
import { i18n } from '../../../src/i18n';
import { afterDoubleTap, tap } from '../../setup/dom';
import { setupI18n } from '../../setup/i18n';

/** A screen whose button opens a sheet, in which another opens a dialog that Escape may dismiss
 * or not. */
const Screen = ({ dismissible = true }: { dismissible?: boolean }) => {
  const [sheet, setSheet] = useState(false);
  const [dialog, setDialog] = useState(false);
  return (
    <I18nextProvider i18n={i18n}>
      <button type="button" onClick={() => setSheet(true)}>
        Pairs
      </button>
      {sheet && (
        <Sheet id="pick-title" title="Pick" className="pick" onClose={() => setSheet(false)}>
          <button type="button" onClick={() => setDialog(true)}>
            Details
          </button>
        </Sheet>
      )}
      {dialog && (
        <Dialog labelledBy="terms-title" onDismiss={dismissible ? () => setDialog(false) : undefined}>
          <h2 id="terms-title">Terms</h2>
          <button type="button" onClick={() => setDialog(false)}>
            Done
          </button>
        </Dialog>
      )}
    </I18nextProvider>
  );
};

const open = (name: string) => {
  const button = screen.getByRole('button', { name });
  button.focus();
  tap(button);
  afterDoubleTap();
};

const escape = () =>
  act(() => void fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' }));

beforeAll(setupI18n);

describe('a layer over the screen', () => {
  it('gives focus to the screen as it closes, when it came up by itself with nothing focused', () => {
    const Arrival = () => {
      const [up, setUp] = useState(true);
      return (
        <I18nextProvider i18n={i18n}>
          <main tabIndex={-1}>
            <a href="/wallet">Assets</a>
          </main>
          {up && (
            <Dialog labelledBy="welcome-title" onDismiss={() => setUp(false)}>
              <h2 id="welcome-title">Welcome</h2>
            </Dialog>
          )}
        </I18nextProvider>
      );
    };
    render(<Arrival />);
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Welcome' }));
    escape();
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('takes focus as it opens and gives it back to what opened it as it closes', () => {
    render(<Screen />);
    open('Pairs');
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Pick' }));
    tap(screen.getByRole('button', { name: 'Close' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Pairs' }));
  });

  it('leaves the screen beneath out of reach while it is up, and gives it back after', () => {
    render(<Screen />);
    open('Pairs');
    expect(screen.queryByRole('button', { name: 'Pairs' })).toBeNull();
    // Inert in a browser, hidden from assistive technology where inert is unknown (jsdom).
    expect(screen.getByText('Pairs').closest('[inert], [aria-hidden="true"]')).not.toBeNull();
    escape();
    expect(screen.getByRole('button', { name: 'Pairs' })).toBeInTheDocument();
  });

  it('is dismissed by Escape, the top one only', () => {
    render(<Screen />);
    open('Pairs');
    open('Details');
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Terms' }));
    expect(screen.queryByRole('button', { name: 'Details' })).toBeNull();
    escape();
    expect(screen.queryByRole('dialog', { name: 'Terms' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Details' }));
    escape();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Pairs' }));
  });

  it('holds the page beneath still until the last layer has gone', () => {
    const held = () => document.documentElement.classList.contains('modal-open');
    render(<Screen />);
    expect(held()).toBe(false);
    open('Pairs');
    open('Details');
    escape();
    expect(held()).toBe(true);
    escape();
    expect(held()).toBe(false);
  });

  it('that asks for an answer is not dismissed by Escape, nor is what lies under it', () => {
    render(<Screen dismissible={false} />);
    open('Pairs');
    open('Details');
    escape();
    expect(screen.getByRole('dialog', { name: 'Terms' })).toBeInTheDocument();
    expect(screen.getAllByRole('dialog', { hidden: true })).toHaveLength(2);
    tap(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('dialog', { name: 'Pick' })).toBeInTheDocument();
  });
});
