import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useTabList } from '../../../src/hooks/useTabList';

const FRUITS = ['apple', 'pear', 'plum'] as const;
type Fruit = (typeof FRUITS)[number];

const FruitTabs = ({ keys = FRUITS, first = 'apple' }: { keys?: readonly Fruit[]; first?: Fruit }) => {
  const [value, setValue] = useState<Fruit>(first);
  const { tab, panel } = useTabList(keys, value, setValue);
  return (
    <>
      <div role="tablist" aria-label="Fruit">
        {keys.map((k) => (
          <button key={k} {...tab(k)}>
            {k}
          </button>
        ))}
      </div>
      <p {...panel}>About {value}</p>
    </>
  );
};

const tabNamed = (name: string) => screen.getByRole('tab', { name });
const selected = () => screen.getByRole('tab', { selected: true });

describe('useTabList', () => {
  it('puts only the selected tab in the tab order, and ties it to the panel it shows', async () => {
    render(<FruitTabs first="pear" />);
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, 0, -1]);
    const panel = screen.getByRole('tabpanel', { name: 'pear' });
    expect(panel).toHaveTextContent('About pear');
    for (const t of screen.getAllByRole('tab')) expect(t).toHaveAttribute('aria-controls', panel.id);
    await userEvent.tab();
    expect(tabNamed('pear')).toHaveFocus();
    await userEvent.tab();
    expect(document.body).toHaveFocus();
  });

  it('moves selection and focus with the arrow keys, round from either end, and to Home and End', async () => {
    render(<FruitTabs />);
    await userEvent.tab();
    const steps: Array<[string, Fruit]> = [
      ['{ArrowRight}', 'pear'],
      ['{ArrowRight}', 'plum'],
      ['{ArrowRight}', 'apple'],
      ['{ArrowLeft}', 'plum'],
      ['{Home}', 'apple'],
      ['{End}', 'plum'],
    ];
    for (const [key, fruit] of steps) {
      await userEvent.keyboard(key);
      expect(selected(), key).toHaveAccessibleName(fruit);
      expect(selected()).toHaveFocus();
      expect(selected()).toHaveAttribute('tabindex', '0');
      expect(screen.getByRole('tabpanel', { name: fruit })).toHaveTextContent(`About ${fruit}`);
    }
  });

  it('selects a tab tapped', async () => {
    render(<FruitTabs />);
    await userEvent.click(tabNamed('plum'));
    expect(selected()).toHaveAccessibleName('plum');
  });

  it('leaves other keys, and arrows with a modifier (Alt+Left is Back), to the page', () => {
    render(<FruitTabs />);
    for (const init of [{ key: 'ArrowLeft', altKey: true }, { key: 'ArrowDown' }, { key: 'a' }]) {
      expect(fireEvent.keyDown(tabNamed('apple'), init), init.key).toBe(true);
      expect(selected()).toHaveAccessibleName('apple');
    }
  });

  it('keeps the list reachable by keyboard while the selected tab is not among them yet', () => {
    render(<FruitTabs keys={['pear', 'plum']} first="apple" />);
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1]);
    expect(screen.queryByRole('tab', { selected: true })).toBeNull();
  });
});
