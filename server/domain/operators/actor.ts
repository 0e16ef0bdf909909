import type { AuditTarget } from '../../../protocol';
import type { AuditRecord } from '../accounts/ports';

/** Who acts: an operator account (API) or a named command-line operator. */
export interface Actor {
  operatorId: number | null;
  name: string;
}

/** What an operator changed: the action, its target, and the target before and after. */
export interface AuditChange {
  action: string;
  target: AuditTarget;
  before: unknown;
  after: unknown;
}

/** The audit row of an operator's change, written in the change's own transaction. */
export const auditRow = (actor: Actor, change: AuditChange, at: number): Omit<AuditRecord, 'id'> => ({
  operatorId: actor.operatorId,
  actor: actor.name,
  ...change,
  createdAt: at,
});
