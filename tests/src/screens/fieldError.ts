import { screen } from '@testing-library/react';
import { expect } from 'vitest';

/** The field labelled `label`, marked invalid and described by an alert saying `text`. */
export const expectMarked = async (label: string, text: string | RegExp) => {
  const input = await screen.findByLabelText(label);
  await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
  const said = document.getElementById(input.getAttribute('aria-describedby') ?? '');
  expect(said).toHaveAttribute('role', 'alert');
  expect(said).toHaveClass('field__error');
  expect(said?.textContent).toMatch(text);
  return input;
};
