import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UrlText } from '../../../src/components/UrlText';

/** The text between the line-break opportunities `<wbr>` marks. */
const parts = (el: HTMLElement) => el.innerHTML.split('<wbr>');

describe('UrlText', () => {
  it('offers a line break after each path slash and before a query, not inside a word', () => {
    const { container } = render(<UrlText url="https://nova.example.com/register?code=AB12CD&lang=de" />);
    expect(container.textContent).toBe('https://nova.example.com/register?code=AB12CD&lang=de');
    expect(parts(container)).toEqual([
      'https://',
      'nova.example.com/',
      'register',
      '?code',
      '=AB12CD',
      '&amp;lang',
      '=de',
    ]);
  });

  it('keeps the scheme whole and an address with nothing to break at as one part', () => {
    expect(parts(render(<UrlText url="http://127.0.0.1:8080/" />).container)).toEqual([
      'http://',
      '127.0.0.1:8080/',
    ]);
    expect(parts(render(<UrlText url="ABCDEF" />).container)).toEqual(['ABCDEF']);
  });
});
