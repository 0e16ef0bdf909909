import type { Kysely } from 'kysely';
import {
  globalConfigSchema,
  globalConfigWriteSchema,
  type GlobalConfig,
  type GlobalConfigWrite,
} from '../../../protocol';
import type { Actor } from '../../domain/operators/actor';
import type { Db } from '../connect';
import type { Database } from '../schema';
import { audited } from './audit';
import { transact } from '../transient';

/** The global config is stored as key/value rows so an operator can change one setting without a
 * migration; it is checked against the wire schema on the way out. */
export const readGlobalConfig = async (db: Kysely<Database>): Promise<GlobalConfig> => {
  const rows = await db.selectFrom('site_config').select(['key', 'value']).execute();
  const raw: Record<string, unknown> = {};
  for (const { key, value } of rows) raw[key] = JSON.parse(value);
  return globalConfigSchema.parse(raw);
};

/** Changes the given settings, as the write rules keep them; a value they refuse throws their
 * ZodError (each issue names the setting and says what is expected) and changes nothing. */
export const writeGlobalConfig = async (db: Kysely<Database>, config: GlobalConfigWrite) => {
  const patch = globalConfigWriteSchema.parse(config);
  await transact(db, (trx) => writeRows(trx, patch));
};

const writeRows = async (trx: Kysely<Database>, patch: GlobalConfigWrite) => {
  for (const [key, value] of Object.entries(patch)) {
    await trx
      .insertInto('site_config')
      .values({ key, value: JSON.stringify(value) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value) }))
      .execute();
  }
};

/** An operator's change of settings (whether verification is asked, where withdrawals may go, the
 * service link…): written with its audit row, the settings before and after, in one transaction. */
export const setGlobalConfig = (db: Db, actor: Actor, config: GlobalConfigWrite, now = Date.now()) => {
  const patch = globalConfigWriteSchema.parse(config);
  const keys = Object.keys(patch) as Array<keyof GlobalConfig>;
  return audited(db, actor, now, async (trx) => {
    const before = await readGlobalConfig(trx);
    await writeRows(trx, patch);
    return {
      result: undefined,
      change: {
        action: 'config.set',
        target: `config:${keys.join(',')}`,
        before: Object.fromEntries(keys.map((k) => [k, before[k]])),
        after: patch,
      },
    };
  });
};
