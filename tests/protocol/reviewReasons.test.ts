import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keptReason, REVIEW_REASONS, reviewReasonKey } from '../../protocol/reviewReasons';

const us = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../locales/us.json'), 'utf8'));

describe('the reasons operators give by code', () => {
  it('are kept as their key, each of which the locales translate', () => {
    for (const [kind, codes] of Object.entries(REVIEW_REASONS))
      for (const code of codes) {
        const key = keptReason(kind as keyof typeof REVIEW_REASONS, ` ${code} `);
        expect(key).toBe(reviewReasonKey(code));
        expect(us.app.data[key.slice('app.data.'.length)], key).toBeTruthy();
      }
  });

  it('keep any other reason as given, a code of another kind of decision too', () => {
    expect(keptReason('withdrawal', 'Sent to the wrong chain, see ticket 12')).toBe(
      'Sent to the wrong chain, see ticket 12',
    );
    expect(keptReason('verification', 'withdraw_address_risk')).toBe('withdraw_address_risk');
    expect(keptReason('deposit', 'deposit not received')).toBe('deposit not received');
  });
});
