import type { Kysely } from 'kysely';
import type { AccountStore, UnitOfWork } from '../../domain/accounts/ports';
import type { Database } from '../schema';
import { auditRepo } from './audit';
import { captchasRepo } from './captchas';
import { codesRepo, outboxRepo } from './codes';
import { loginFailuresRepo } from './loginFailures';
import { operatorsRepo } from './operators';
import { sessionsRepo } from './sessions';
import { uploadsRepo } from './uploads';
import { usersRepo } from './users';
import { verificationsRepo } from './verifications';
import { transact } from '../transient';

/** Every account repository over one connection or transaction. */
export const accountStore = (db: Kysely<Database>): AccountStore => ({
  users: usersRepo(db),
  sessions: sessionsRepo(db),
  captchas: captchasRepo(db),
  codes: codesRepo(db),
  outbox: outboxRepo(db),
  loginFailures: loginFailuresRepo(db),
  uploads: uploadsRepo(db),
  verifications: verificationsRepo(db),
  operators: operatorsRepo(db),
  audit: auditRepo(db),
});

/** The unit of work the account rules run in: a Kysely transaction per call. */
export const unitOfWork = (db: Kysely<Database>): UnitOfWork => ({
  store: accountStore(db),
  transaction: (fn) => transact(db, (trx) => fn(accountStore(trx))),
});
