import type { Captcha } from '../../../protocol';
import type { AccountDeps } from './deps';
import { fail } from './errors';
import { randomHex, safeEqualText } from './secrets';

/** A new graphic captcha; its answer is kept (lower-cased) for `captchaTtlMs`. */
export const issueCaptcha = async (deps: AccountDeps): Promise<Captcha> => {
  const { text, svg } = deps.captcha();
  const id = randomHex(16);
  const now = deps.clock();
  await deps.uow.store.captchas.deleteExpired(now);
  await deps.uow.store.captchas.insert({
    id,
    answer: text.toLowerCase(),
    expiresAt: now + deps.settings.captchaTtlMs,
  });
  return { id, svg };
};

/** Checks an answer, case-insensitively and in constant time. The captcha is consumed by the check,
 * right or wrong, so each picture allows one guess. */
export const checkCaptcha = async (deps: AccountDeps, id: string, answer: string) => {
  const stored = await deps.uow.store.captchas.take(id);
  const fresh = stored !== undefined && stored.expiresAt > deps.clock();
  const right = safeEqualText(stored?.answer ?? '\u0000', answer.toLowerCase());
  if (!fresh || !right) throw fail('graphic_captcha_incorrect');
};
