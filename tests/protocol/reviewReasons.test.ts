import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  keptReason,
  REVIEW_REASONS,
  reviewReasonKey,
  reviewReasonSchema,
} from '../../protocol/reviewReasons';

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

  it('know a code typed in capitals', () => {
    expect(keptReason('verification', 'Document_Unreadable')).toBe(reviewReasonKey('document_unreadable'));
  });

  it('refuse a code that is none of the kind’s: the user would read it bare', () => {
    const reason = reviewReasonSchema('verification');
    expect(reason.safeParse('document_unreadble').success).toBe(false);
    expect(reason.safeParse('deposit_not_received').success).toBe(false);
    expect(reason.safeParse('DETAILS_MISMATCH').success).toBe(true);
    // Words of the operator's own, one word too, are what the user reads.
    expect(reason.safeParse('Blurry').success).toBe(true);
    expect(reason.safeParse('Photo is blurry, see ticket_12').success).toBe(true);
  });
});
