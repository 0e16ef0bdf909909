import { afterEach, expect } from 'vitest';
import { takeCspRefusals } from '../e2e/helpers/browser';

// Whatever the test did, the pages' security policy refused nothing the app needed.
afterEach(() => {
  expect(takeCspRefusals()).toEqual([]);
});
