import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CarouselItem } from '../../../../protocol';
import { i18n } from '../../../../src/i18n';
import { Carousel } from '../../../../src/screens/home/Carousel';
import { setupI18n } from '../../../setup/i18n';

beforeAll(setupI18n);

const show = (item: CarouselItem) =>
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <Carousel items={[item]} />
      </MemoryRouter>
    </I18nextProvider>,
  );

describe('home carousel', () => {
  it('leads to a screen of the app in place', () => {
    show({ id: 1, title: 'Trade', image: '/img/a.svg', link: '/trade' });
    expect(screen.getByRole('link', { name: 'Trade' })).toHaveAttribute('href', '/trade');
    expect(screen.getByRole('link', { name: 'Trade' })).not.toHaveAttribute('target');
  });

  it('opens an http(s) link in a new tab', () => {
    show({ id: 2, title: 'News', image: 'https://cdn.example.com/b.png', link: 'https://example.com/' });
    const link = screen.getByRole('link', { name: 'News' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows a slide an operator left without image or link as its title alone, leading nowhere', () => {
    const { container } = show({ id: 3, title: 'Just words', image: '', link: '' });
    expect(screen.getByText('Just words')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });

  it.each(['/\\evil.example', '//evil.example', 'javascript:alert(1)'])(
    'leads nowhere by a link stored before the rule refused it (%s)',
    (link) => {
      show({ id: 4, title: 'Old slide', image: '', link });
      expect(screen.getByText('Old slide')).toBeInTheDocument();
      expect(screen.queryByRole('link')).toBeNull();
    },
  );

  describe('advancing by itself', () => {
    const slides: CarouselItem[] = [
      { id: 1, title: 'First', image: '', link: '/trade' },
      { id: 2, title: 'Second', image: '', link: '/defi' },
    ];
    const showBoth = () =>
      render(
        <I18nextProvider i18n={i18n}>
          <MemoryRouter>
            <Carousel items={slides} />
          </MemoryRouter>
        </I18nextProvider>,
      );
    const reduceMotion = (reduce: boolean) =>
      vi.spyOn(window, 'matchMedia').mockImplementation(
        (query) =>
          ({
            matches: reduce && query.includes('reduce'),
            media: query,
            addEventListener: () => undefined,
            removeEventListener: () => undefined,
          }) as unknown as MediaQueryList,
      );
    afterEach(() => {
      vi.useRealTimers();
      vi.restoreAllMocks();
    });

    it('moves on every 5 s, and holds still while the reader\u2019s focus is on it', () => {
      reduceMotion(false);
      vi.useFakeTimers();
      showBoth();
      act(() => vi.advanceTimersByTime(5000));
      expect(screen.getByRole('link')).toHaveTextContent('Second');
      fireEvent.focus(screen.getByRole('link'));
      act(() => vi.advanceTimersByTime(15000));
      expect(screen.getByRole('link')).toHaveTextContent('Second');
      fireEvent.blur(screen.getByRole('link'));
      act(() => vi.advanceTimersByTime(5000));
      expect(screen.getByRole('link')).toHaveTextContent('First');
    });

    it('holds still for a reader who asks for reduced motion', () => {
      reduceMotion(true);
      vi.useFakeTimers();
      showBoth();
      act(() => vi.advanceTimersByTime(20000));
      expect(screen.getByRole('link')).toHaveTextContent('First');
    });
  });
});
