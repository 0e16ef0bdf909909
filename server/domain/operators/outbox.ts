import type { AccountDeps } from '../accounts/deps';
import { normalizeTarget } from '../accounts/codes';
import type { OutboxMessage } from '../accounts/ports';
import { audit } from './index';
import type { Actor } from './actor';

/**
 * What the embedded sender wrote to an email address or phone number (verification codes), oldest
 * first: with no mail server the operator passes codes on from here, whatever the server's log
 * level. Each reading is audited, since it shows live codes.
 */
export const readOutbox = async (
  deps: AccountDeps,
  actor: Actor,
  rawTarget: string,
): Promise<OutboxMessage[]> => {
  const { target } = normalizeTarget(rawTarget);
  return deps.uow.transaction(async (tx) => {
    await audit(deps, tx, actor, 'outbox.read', `outbox:${target}`, null, null);
    return tx.outbox.listFor(target);
  });
};
