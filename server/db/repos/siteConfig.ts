import type { Kysely } from 'kysely';
import {
  globalConfigSchema,
  globalConfigWriteSchema,
  type GlobalConfig,
  type GlobalConfigWrite,
} from '../../../protocol';
import type { Database } from '../schema';
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
  const entries = Object.entries(globalConfigWriteSchema.parse(config));
  await transact(db, async (trx) => {
    for (const [key, value] of entries) {
      await trx
        .insertInto('site_config')
        .values({ key, value: JSON.stringify(value) })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value) }))
        .execute();
    }
  });
};
