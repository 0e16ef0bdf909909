import { describe, expect, it } from 'vitest';
import type { GlobalConfig } from '../../../../protocol';
import { readGlobalConfig, writeGlobalConfig } from '../../../../server/db/repos/siteConfig';
import { DEFAULT_SITE_CONFIG } from '../../../../server/db/seed/defaults';
import { forEachEngine, useTestDb } from '../../helpers/testDb';

describe.each(forEachEngine())('site config on %s', (_engine, open) => {
  const t = useTestDb(open, { seed: true });
  const k = () => t().db.kysely;
  const storedRows = () => k().selectFrom('site_config').select(['key', 'value']).orderBy('key').execute();

  it('reads the seeded defaults', async () => {
    expect(await readGlobalConfig(k())).toEqual(DEFAULT_SITE_CONFIG);
  });

  it('updates one key and leaves the rest as they were', async () => {
    await writeGlobalConfig(k(), { companyName: 'Acme Markets' });
    expect(await readGlobalConfig(k())).toEqual({ ...DEFAULT_SITE_CONFIG, companyName: 'Acme Markets' });
    const rows = await storedRows();
    expect(rows).toHaveLength(Object.keys(DEFAULT_SITE_CONFIG).length);
    expect(rows.find((r) => r.key === 'companyName')?.value).toBe(JSON.stringify('Acme Markets'));
  });

  it('updates several keys of different types in one call', async () => {
    await writeGlobalConfig(k(), { certification: false, lang: 'de-de', custom: 'https://chat.example.com' });
    expect(await readGlobalConfig(k())).toEqual({
      ...DEFAULT_SITE_CONFIG,
      certification: false,
      lang: 'de-de',
      custom: 'https://chat.example.com',
    });
  });

  it('writes an empty update as a no-op', async () => {
    const before = await storedRows();
    await writeGlobalConfig(k(), {});
    expect(await storedRows()).toEqual(before);
  });

  it.each([
    ['an unknown key', { unknownSetting: true }],
    ['a wrong type', { certification: 'yes' }],
    ['a malformed lang', { lang: 'english' }],
    ['a null value', { logo: null }],
    ['a valid key next to an unknown one', { companyName: 'Half written', unknownSetting: 1 }],
    ['a valid key next to a wrong type', { companyName: 'Half written', thirdPartyWithdrawalAddress: 1 }],
    ['a language the app does not have', { lang: 'xx-yy' }],
    ['a language of the right form the app does not have', { lang: 'en-gb' }],
    ['a logo that is no link', { logo: 'logo dot svg' }],
    ['a script for a download link', { appDownloadLink: 'javascript:alert(1)' }],
    ['a link to another site without its scheme', { h5ico: '//evil.example/x.ico' }],
    ['another site behind a backslash, read as a slash', { logo: '/\\evil.example/x.svg' }],
    ['a company name longer than a title can carry', { companyName: 'A'.repeat(61) }],
  ])('rejects %s and writes nothing', async (_label, update) => {
    const before = await storedRows();
    await expect(writeGlobalConfig(k(), update as unknown as Partial<GlobalConfig>)).rejects.toThrow();
    expect(await storedRows()).toEqual(before);
    expect(await readGlobalConfig(k())).toEqual(DEFAULT_SITE_CONFIG);
  });

  it('keeps text as typed text is kept: trimmed, without control characters', async () => {
    await writeGlobalConfig(k(), { companyName: '   ', lang: ' KO-KR ', logo: ' /brand/logo.png ' });
    expect(await readGlobalConfig(k())).toMatchObject({
      companyName: '',
      lang: 'ko-kr',
      logo: '/brand/logo.png',
    });
    await writeGlobalConfig(k(), { companyName: ' Acme\u0000 Markets\n' });
    expect((await readGlobalConfig(k())).companyName).toBe('Acme Markets');
  });

  it('inserts keys into an empty table', async () => {
    await k().deleteFrom('site_config').execute();
    await writeGlobalConfig(k(), DEFAULT_SITE_CONFIG);
    expect(await readGlobalConfig(k())).toEqual(DEFAULT_SITE_CONFIG);
  });

  it('refuses to read a stored config that breaks the schema', async () => {
    await k().deleteFrom('site_config').where('key', '=', 'logo').execute();
    await expect(readGlobalConfig(k())).rejects.toThrow();
  });
});
