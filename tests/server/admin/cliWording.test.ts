import { describe, expect, it } from 'vitest';
import { dbSnapshot, run, useFreshCliDatabase } from './cliHarness';

const dataDir = useFreshCliDatabase();

// Zod's own wording, a JavaScript value or a stack: what an operator should never be shown.
const RAW =
  /Invalid (input|option|string)|Too (big|small)|expected \w+, received|Unrecognized key|NaN|\n\s+at /;

/** Runs a command line that is wrong: it exits non-zero, changes nothing, and its first line says
 * what is wrong (not a usage text, not a fault). Answers the output. */
const refuses = async (...argv: string[]) => {
  const before = dbSnapshot(dataDir());
  const { code, out } = await run(...argv);
  const what = argv.join(' ');
  expect(code, what).not.toBe(0);
  expect(dbSnapshot(dataDir()), what).toEqual(before);
  const first = out.split('\n')[0]!;
  expect(first, what).not.toMatch(/^(\s|$|Operator command line)/);
  expect(out, what).not.toMatch(RAW);
  return { code, out, first };
};

/** The areas whose commands a usage text shows. */
const usageAreas = (out: string) => [
  ...new Set([...out.matchAll(/^ {2}npm run admin -- (\S+)/gm)].map((m) => m[1])),
];

describe('operator CLI: what a mistyped command is told', () => {
  it('says in one line what is wrong with any command line it cannot carry out, changing nothing', async () => {
    const lines = [
      ['frobnicate'],
      ['--frob'],
      ['migrate', 'extra'],
      ['config'],
      ['config', 'show', '--json'],
      ['config', 'set'],
      ['config', 'set', 'companyName'],
      ['config', 'set', 'companyName', 'Acme', 'Exchange'],
      ['config', 'set', 'certification', 'maybe'],
      ['verifications', 'approve', 'abc'],
      ['verifications', 'approve', '99999'],
      ['users', 'flags', '1', '--frob=on'],
      ['operators', 'frob', 'x'],
      ['audit', '--frob'],
      ['outbox', 'notanemail'],
      ['outbox', '--frob'],
      ['deposits', 'confirm', '99999'],
      ['deposits', 'confirm', '1', '5', '--frob'],
      ['withdrawals', 'approve', '1', '--frob'],
      ['wallet', 'networks', 'x'],
      ['wallet', 'set', 'USDT', 'TRC20', '--frob'],
      ['wallet', 'set', 'USDT', 'TRC20', 'decimals=99'],
      ['wallet', 'set', 'USDT', 'TRC20', 'depositEnabled=maybe'],
      ['wallet', 'set', 'USDT', 'TRC20', 'colour=red'],
      ['spot', 'show', 'x'],
      ['spot', 'min', 'btcusdt', 'abc'],
      ['contracts', 'cycles', 'btcusdt', '1:80'],
      ['contracts', 'cycles', 'btcusdt', 'a:b:c:d'],
      ['defi', 'products', 'x'],
      ['defi', 'create', 'x', 'USDT', 'abc', '0.02', '1', '2', '3', '1'],
      ['defi', 'create', 'x', 'USDT', '7', '0.02', '1', '2', '3', 'abc'],
      ['defi', 'create', 'x', 'USDT', '7', '0.02', '1', '2', '3', '1.5'],
      ['defi', 'create', 'x', 'USDT', '7', 'abc', '1', '2', '3', '1'],
      ['defi', 'set', '9999', 'name=x'],
      ['defi', 'accrue', '--frob'],
      ['documents', 'set', 'us', 'bogus', 'T', 'B'],
      ['service', 'threads', 'x'],
      ['service', 'show', '1', 'extra'],
      ['notices', 'add', 'us', 'T', 'M', '--frob=1'],
      ['notices', 'edit', 'abc', '--title=x'],
      ['popups', 'add', 'us', 'T', 'C', '--sort=abc'],
      ['popups', 'add', 'us', 'T', 'C', '--sort=99999999'],
      ['articles', 'add', 'us', 'badcat', 'T', 'B'],
    ];
    for (const argv of lines) await refuses(...argv);
  });

  it('names the number a staking product was given that is none', async () => {
    expect((await refuses('defi', 'create', 'x', 'USDT', 'abc', '0.02', '1', '2', '3', '1')).first).toBe(
      'DAYS must be a whole number of days, 1 or more: abc',
    );
    expect((await refuses('defi', 'create', 'x', 'USDT', '7', '0.02', '1', '2', '3', '1.5')).first).toBe(
      'LIMIT must be a whole number of purchases, 1 or more: 1.5',
    );
  });

  it('says what config set is missing, and shows how config is written', async () => {
    const none = await refuses('config', 'set');
    expect(none.first).toBe('config set needs a KEY and a VALUE');
    expect(usageAreas(none.out)).toEqual(['config']);
    expect(none.out).toMatch(/keys: certification, lang, /);
    expect((await refuses('config', 'set', 'companyName')).first).toBe(
      'config set companyName needs a VALUE',
    );
    expect((await refuses('config', 'set', 'companyName', 'Acme', 'Exchange')).first).toBe(
      'config set takes one VALUE, not 2: quote a value with spaces',
    );
    expect((await refuses('config', 'show', '--json')).first).toBe('config show takes no arguments: --json');
    expect((await refuses('migrate', 'now')).first).toBe('migrate takes no arguments: now');
    const unknown = await refuses('frobnicate');
    expect(unknown.first).toBe('unknown command: frobnicate');
    expect(unknown.out).toContain('npm run admin -- defi products');
  });

  it('shows the usage of the command mistyped, not of its neighbours', async () => {
    const documents = await refuses('documents', 'set', 'us');
    expect(documents.first).toBe('unknown or incomplete command: documents set us');
    expect(usageAreas(documents.out)).toEqual(['documents']);
    const service = await refuses('service', 'show', 'abc');
    expect(service.first).toBe('not a user id: abc');
    expect(usageAreas(service.out)).toEqual(['service']);
    expect(usageAreas((await refuses('deposits', 'confirm', 'abc')).out)).toEqual(['deposits']);
    expect(usageAreas((await refuses('defi', 'set', 'abc', 'name=x')).out)).toEqual(['defi']);
    expect(usageAreas((await refuses('outbox')).out)).toEqual(['outbox']);
    const articles = await refuses('articles', 'list');
    expect(usageAreas(articles.out)).toEqual(['articles']);
    expect(articles.out).toContain('CATEGORY: account, wallet, trading, staking, security');
  });

  it('tells a value the rules refuse in words, not in the schema library’s', async () => {
    expect((await refuses('wallet', 'set', 'USDT', 'TRC20', 'decimals=99')).first).toBe(
      'invalid settings: decimals: must be at most 8',
    );
    expect((await refuses('wallet', 'set', 'USDT', 'TRC20', 'depositEnabled=maybe')).first).toBe(
      'invalid settings: depositEnabled: must be true or false',
    );
    expect((await refuses('wallet', 'set', 'USDT', 'TRC20', 'colour=red')).first).toBe(
      'invalid settings: unknown key: colour',
    );
    expect((await refuses('articles', 'add', 'us', 'badcat', 'T', 'B')).first).toBe(
      'refused: category: must be one of account, wallet, trading, staking, security',
    );
    expect((await refuses('documents', 'set', 'us', 'bogus', 'T', 'B')).first).toBe(
      'refused: type: must be one of aboutUs, serviceAgreement, msb',
    );
    expect((await refuses('popups', 'add', 'us', 'T', 'C', '--sort=99999999')).first).toBe(
      'refused: sort: must be at most 1000000',
    );
    // One problem a field, said once.
    expect((await refuses('defi', 'create', 'x', 'USDT', '7', 'abc', '1', '2', '3', '1')).first).toBe(
      'refused: dailyYield: app.msg.parameter_error',
    );
    expect((await refuses('contracts', 'cycles', 'btcusdt', '1:80')).first).toBe(
      'a cycle is MINUTES:RATE:MIN:MAX, not 1:80',
    );
    expect((await refuses('contracts', 'cycles', 'btcusdt', 'x:80:10:50000')).first).toBe(
      'invalid settings: cycles btcusdt x:80:10:50000 (cycles.0.minutes: must be a number)',
    );
  });

  it('names the argument or option it does not take', async () => {
    expect((await refuses('users', 'flags', '1', '--frob=on')).first).toBe(
      'not a flag (--trading, --withdraw or --lock, =on or =off): --frob=on',
    );
    expect((await refuses('wallet', 'set', 'USDT', 'TRC20', '--frob')).first).toBe('not KEY=VALUE: --frob');
    expect((await refuses('withdrawals', 'approve', '1', 'bad!hash')).first).toBe(
      'not a transaction hash (16 to 128 letters and digits): bad!hash',
    );
    expect((await refuses('notices', 'add', 'us', 'T', 'M', '--frob=1')).first).toBe(
      'unknown option: --frob',
    );
    expect((await refuses('notices', 'edit', 'abc', '--title=x')).first).toBe('not an id: abc');
    expect((await refuses('popups', 'add', 'us', 'T', 'C', '--sort=abc')).first).toBe(
      '--sort takes a whole number: --sort=abc',
    );
    expect((await refuses('popups', 'add', 'us', 'T', 'C', 'extra')).first).toBe(
      'not an option (--key=value): extra',
    );
    expect((await refuses('defi', 'accrue', '--frob')).first).toBe(
      'defi accrue takes nothing or --days N, not: --frob',
    );
    // Reading the outbox is audited: an address mistyped is refused before it is read and logged.
    expect((await refuses('outbox', 'notanemail')).first).toBe(
      'not an email address or phone number: notanemail',
    );
    for (const argv of [
      ['defi', 'products', 'x'],
      ['service', 'threads', 'x'],
      ['service', 'show', '1', 'extra'],
    ])
      expect((await refuses(...argv)).first).toBe(`unknown or incomplete command: ${argv.join(' ')}`);
  });

  it('names the record an id finds none of', async () => {
    for (const [argv, record] of [
      [['verifications', 'approve', '99999'], 'verification #99999'],
      [['deposits', 'fail', '99999', 'No transfer'], 'deposit #99999'],
      [['withdrawals', 'approve', '99999'], 'withdrawal #99999'],
      [['defi', 'set', '99999', 'name=x'], 'product #99999'],
      [['notices', 'delete', '99999'], 'notice #99999'],
      [['carousel', 'edit', '99999', '--title=x'], 'carousel slide #99999'],
    ] as const)
      expect(await refuses(...argv)).toMatchObject({
        code: 1,
        out: `refused: app.msg.record_not_found (no ${record})`,
      });
  });
});
