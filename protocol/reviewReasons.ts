import { typedText } from './typedText';

/**
 * The reasons operators give most often for a decision a user reads (a rejected verification, a
 * failed deposit, a rejected or failed withdrawal), each in every language. An operator gives one by
 * its code alone (`document_unreadable`); it is kept as its key (`app.data.reason_…`) and the user
 * reads it in theirs. Any other reason is kept and shown as typed.
 */
export const REVIEW_REASONS = {
  verification: ['document_unreadable', 'document_incomplete', 'document_expired', 'details_mismatch'],
  deposit: ['deposit_not_received', 'deposit_wrong_network'],
  withdrawal: ['withdraw_address_risk', 'withdraw_security_review', 'withdraw_network_failure'],
} as const;

export type ReviewKind = keyof typeof REVIEW_REASONS;

export const reviewReasonKey = (code: string) => `app.data.reason_${code}`;

/** A code of `kind`'s catalogue that `reason` names, in any case (an operator's caps lock is no
 * other reason). */
const codeOf = (kind: ReviewKind, reason: string) =>
  (REVIEW_REASONS[kind] as readonly string[]).find((code) => code === reason.trim().toLowerCase());

/** A reason as it is kept: a code of `kind`'s catalogue as its key, anything else as given. */
export const keptReason = (kind: ReviewKind, reason: string): string => {
  const code = codeOf(kind, reason);
  return code ? reviewReasonKey(code) : reason;
};

/** The other kind of decision whose catalogue holds `reason` as a code: failing a deposit with
 * `withdraw_address_risk` is a slip, and the user would read the bare code. */
export const otherKindOfCode = (kind: ReviewKind, reason: string): ReviewKind | undefined =>
  (Object.keys(REVIEW_REASONS) as ReviewKind[]).find((other) => other !== kind && codeOf(other, reason));

/** One word joined by underscores is how a code is written, never how a sentence is: one that no
 * catalogue of `kind` holds (`document_unreadble`) would reach the user as it was typed. */
export const unknownCode = (kind: ReviewKind, reason: string): boolean =>
  /^[a-z0-9]+(?:_[a-z0-9]+)+$/i.test(reason.trim()) && !codeOf(kind, reason);

export const REVIEW_REASON_MAX = 200;

/** A reason the user reads for a decision of `kind`: 1 to 200 characters of typed text, and not
 * written as a code unless it is one of `kind`'s catalogue. */
export const reviewReasonSchema = (kind: ReviewKind) =>
  typedText({ lines: true })
    .min(1)
    .max(REVIEW_REASON_MAX)
    .refine((reason) => !unknownCode(kind, reason), 'app.msg.parameter_error');
