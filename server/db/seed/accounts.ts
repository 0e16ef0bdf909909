import type { Kysely } from 'kysely';
import { CERTIFICATION } from '../../../protocol';
import { UniqueViolation } from '../../domain/accounts/ports';
import {
  DEFAULT_SCRYPT_N,
  generatePassword,
  hashPassword,
  newInviteCode,
} from '../../domain/accounts/secrets';
import type { Database } from '../schema';
import { accountStore } from '../repos/accountStore';

const SEED_OPERATOR = 'admin';
export const SEED_TRADER = { username: 'demotrader', email: 'demo@example.com' };

interface SeedCredentials {
  operator: { username: string; password: string };
  trader: { username: string; password: string };
}

/**
 * First start only (no operator exists yet): the operator `admin` and the verified demo trader
 * `demotrader`, each with a random strong password, in one transaction. The passwords are
 * answered once for the caller to print; only their hashes are stored, so they are never shown
 * again. A second process seeding at the same moment loses on the unique constraint and
 * answers null.
 */
export const seedAccountsIfEmpty = async (
  db: Kysely<Database>,
  opts: {
    now?: number;
    scryptN?: number;
    /** The demo trader's password instead of a random one: for browser tests and demos that must
     * log in as the trader without reading the first-start box (`DEMO_PASSWORD`, never a default). */
    traderPassword?: string | undefined;
  } = {},
): Promise<SeedCredentials | null> => {
  if ((await accountStore(db).operators.count()) > 0) return null;
  const now = opts.now ?? Date.now();
  const n = opts.scryptN ?? DEFAULT_SCRYPT_N;
  const creds: SeedCredentials = {
    operator: { username: SEED_OPERATOR, password: generatePassword() },
    trader: { username: SEED_TRADER.username, password: opts.traderPassword || generatePassword() },
  };
  const operatorHash = await hashPassword(creds.operator.password, n);
  const traderHash = await hashPassword(creds.trader.password, n);
  try {
    return await db.transaction().execute(async (trx) => {
      const store = accountStore(trx);
      if ((await store.operators.count()) > 0) return null;
      await store.operators.insert({ username: SEED_OPERATOR, passwordHash: operatorHash, createdAt: now });
      const existing = await store.users.findByUsername(SEED_TRADER.username);
      if (existing) {
        // The trader survived from an earlier life of this database: keep it, do not reprint.
        return { operator: creds.operator, trader: { username: existing.username, password: '(unchanged)' } };
      }
      await store.users.insert({
        username: SEED_TRADER.username,
        nickname: SEED_TRADER.username,
        email: SEED_TRADER.email,
        phone: null,
        inviteCode: newInviteCode(),
        inviterId: null,
        certification: CERTIFICATION.approved,
        passwordHash: traderHash,
        createdAt: now,
      });
      return creds;
    });
  } catch (e) {
    if (e instanceof UniqueViolation) return null;
    throw e;
  }
};

/** The first-start credentials in a box, for stdout. */
export const credentialsBox = (c: SeedCredentials): string => {
  const lines = [
    'FIRST START: accounts created. These passwords are shown ONCE and stored nowhere else.',
    '',
    `  operator (npm run admin, /api/admin):  ${c.operator.username} / ${c.operator.password}`,
    `  demo trader (verified, ${SEED_TRADER.email}):  ${c.trader.username} / ${c.trader.password}`,
    '',
    'Write them down now; change them after logging in.',
  ];
  const width = Math.max(...lines.map((l) => l.length));
  const bar = `+${'-'.repeat(width + 2)}+`;
  return [bar, ...lines.map((l) => `| ${l.padEnd(width)} |`), bar].join('\n');
};
