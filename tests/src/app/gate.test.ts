import { describe, expect, it } from 'vitest';
import { gateFor, verificationDecision } from '../../../src/app/gate';
import type { Certification, StoredUser } from '../../../src/state/session';

const user = (certification: Certification): StoredUser => ({ token: 't', userinfo: { certification } });
const open = { login: false, guest: false, verify: false };
const loginOnly = { login: true, guest: false, verify: false };
const verified = { login: true, guest: false, verify: true };
const visitors = { login: false, guest: true, verify: false };

describe('login gate', () => {
  it('sends a visitor without a stored user to login on a protected route', () => {
    expect(gateFor(loginOnly, null, true)).toEqual({ kind: 'login' });
    expect(gateFor(verified, null, true)).toEqual({ kind: 'login' });
  });

  it('lets anyone through an open route', () => {
    expect(gateFor(open, null, true)).toEqual({ kind: 'pass' });
    expect(gateFor(open, user(null), true)).toEqual({ kind: 'pass' });
  });

  it('sends a reader logged in away from a visitors’ screen, and lets a visitor in', () => {
    expect(gateFor(visitors, user(2), true)).toEqual({ kind: 'loggedIn' });
    expect(gateFor(visitors, user(null), true)).toEqual({ kind: 'loggedIn' });
    expect(gateFor(visitors, null, true)).toEqual({ kind: 'pass' });
  });

  it('does not check verification where the route does not ask', () => {
    expect(gateFor(loginOnly, user(null), true)).toEqual({ kind: 'pass' });
    expect(gateFor(loginOnly, user(0), true)).toEqual({ kind: 'pass' });
  });
});

describe('verification gate', () => {
  it.each([
    [null, 'verify'],
    [0, 'review'],
    [1, 'reverify'],
    [2, 'pass'],
    [9, 'pass'],
  ] as const)('certification %s → %s', (certification, kind) => {
    expect(verificationDecision(user(certification)).kind).toBe(kind);
    expect(gateFor(verified, user(certification), true).kind).toBe(kind);
  });

  it('passes when the site has switched verification off', () => {
    expect(gateFor(verified, user(null), false)).toEqual({ kind: 'pass' });
  });
});
