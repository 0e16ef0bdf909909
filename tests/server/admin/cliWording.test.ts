import { describe, expect, it } from 'vitest';
import { ACCOUNT_COMMANDS, ACCOUNT_USAGE } from '../../../server/admin/accounts';
import { usageOf, type Commands, type Synopsis } from '../../../server/admin/args';
import { CONTRACT_COMMANDS, CONTRACT_USAGE } from '../../../server/admin/contracts';
import { DEFI_COMMANDS, DEFI_USAGE } from '../../../server/admin/defi';
import { SPOT_COMMANDS, SPOT_USAGE } from '../../../server/admin/spot';
import { WALLET_COMMANDS, WALLET_USAGE } from '../../../server/admin/wallet';
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
    expect(documents.first).toBe('documents set us needs aboutUs|serviceAgreement|msb, a TITLE and a BODY');
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
      'refused: dailyYield: app.msg.parameter_error (abc)',
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
    // An option where the AMOUNT goes was read as the amount, and refused as no amount by the rules.
    expect(await refuses('deposits', 'confirm', '1', '--more-than-declared')).toMatchObject({
      code: 2,
      first:
        '--more-than-declared follows the AMOUNT the chain shows: deposits confirm 1 AMOUNT --more-than-declared',
    });
    expect(await refuses('deposits', 'confirm', '1', '--frob')).toMatchObject({
      code: 2,
      first: 'not an AMOUNT: --frob',
    });
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
  });

  it('refuses a key given twice, naming it, where the last one given was taken silently', async () => {
    for (const [argv, first] of [
      [['users', 'flags', '1', '--lock=off', '--lock=on'], '--lock given twice: give it once'],
      [['users', 'find', 'x', '--page=1', '--page=2'], '--page given twice: give it once'],
      [['audit', '--before=5', '--before=3'], '--before given twice: give it once'],
      [['service', 'threads', '--page=1', '--page=1'], '--page given twice: give it once'],
      [['popups', 'add', 'us', 'T', 'C', '--sort=1', '--sort=2'], '--sort given twice: give it once'],
      [['wallet', 'set', 'USDT', 'TRC20', 'decimals=6', 'decimals=2'], 'decimals given twice: give it once'],
      [['defi', 'set', '1', 'sort=1', 'sort=2'], 'sort given twice: give it once'],
    ] as const)
      expect(await refuses(...argv), argv.join(' ')).toMatchObject({ code: 2, first });
  });

  it('names the argument a command line is missing, as its usage names it, and shows that usage', async () => {
    for (const [argv, first] of [
      [['verifications', 'approve'], 'verifications approve needs an ID'],
      [['verifications', 'reject'], 'verifications reject needs an ID and a REASON'],
      [['verifications', 'reject', '5'], 'verifications reject 5 needs a REASON'],
      [['users', 'find'], 'users find needs a QUERY'],
      [['users', 'flags'], 'users flags needs a USERID and a FLAG'],
      [['users', 'flags', '1'], 'users flags 1 needs a FLAG'],
      [['operators', 'create'], 'operators create needs a USERNAME'],
      [['operators', 'password'], 'operators password needs a USERNAME'],
      [['operators', 'enable'], 'operators enable needs a USERNAME'],
      [['outbox'], 'outbox needs an EMAIL or PHONE'],
      [['deposits', 'confirm'], 'deposits confirm needs an ID'],
      [['deposits', 'fail', '12'], 'deposits fail 12 needs a REASON'],
      [['withdrawals', 'approve'], 'withdrawals approve needs an ID'],
      [['withdrawals', 'reject'], 'withdrawals reject needs an ID and a REASON'],
      [['withdrawals', 'fail', '7'], 'withdrawals fail 7 needs a REASON'],
      [['wallet', 'addresses', 'add', 'USDT'], 'wallet addresses add USDT needs a NETWORK and an ADDRESS'],
      [['wallet', 'set', 'USDT', 'TRC20'], 'wallet set USDT TRC20 needs a KEY=VALUE'],
      [['spot', 'enable'], 'spot enable needs a PAIR and on|off'],
      [['spot', 'min', 'btcusdt'], 'spot min btcusdt needs an AMOUNT'],
      [['contracts', 'enable', 'btcusdt'], 'contracts enable btcusdt needs on|off'],
      [['contracts', 'cycles', 'btcusdt'], 'contracts cycles btcusdt needs a MINUTES:RATE:MIN:MAX'],
      [
        ['defi', 'create', 'x', 'USDT', '7'],
        'defi create x USDT 7 needs a DAILY_YIELD_%, a MIN, a MAX, a QUOTA and a LIMIT',
      ],
      [['defi', 'set', '3'], 'defi set 3 needs a KEY=VALUE'],
      [['documents', 'set', 'us'], 'documents set us needs aboutUs|serviceAgreement|msb, a TITLE and a BODY'],
      [['service', 'show'], 'service show needs a USERID'],
      [['service', 'reply', '7'], 'service reply 7 needs a TEXT'],
      [['notices', 'list'], 'notices list needs a LOCALE'],
      [['notices', 'add', 'us', 'T'], 'notices add us T needs a MESSAGE'],
      [['articles', 'add', 'us'], 'articles add us needs a CATEGORY, a TITLE and a BODY'],
      [['popups', 'edit', '5'], 'popups edit 5 needs an option (--title, --content or --sort)'],
      [['carousel', 'add', 'us', 'T'], 'carousel add us T needs an IMAGE and a LINK'],
      [['carousel', 'delete'], 'carousel delete needs an ID'],
    ] as const) {
      const { code, out, first: said } = await refuses(...argv);
      expect({ code, said }, argv.join(' ')).toEqual({ code: 2, said: first });
      expect(usageAreas(out), argv.join(' ')).toEqual([argv[0]]);
    }
  });

  it('names each argument as the usage of its area does', () => {
    const areas: [string, Record<string, Commands>][] = [
      [ACCOUNT_USAGE, ACCOUNT_COMMANDS],
      [WALLET_USAGE, WALLET_COMMANDS],
      [DEFI_USAGE, DEFI_COMMANDS],
      [SPOT_USAGE, { spot: SPOT_COMMANDS }],
      [CONTRACT_USAGE, { contracts: CONTRACT_COMMANDS }],
    ];
    for (const [usage, commands] of areas)
      for (const [area, c] of Object.entries(commands)) {
        const text = usageOf(usage, area);
        const subs: Record<string, Synopsis> = Array.isArray(c)
          ? { '': c as Synopsis }
          : (c as Record<string, Synopsis>);
        for (const [sub, synopsis] of Object.entries(subs)) {
          expect(text, area).toContain(sub);
          // Each name as written there; words said for what has no one name are not looked for.
          for (const arg of synopsis.filter((a) => !a.includes(' ')))
            expect(text, `${area} ${sub}`).toContain(arg.replace(/^\[(.*)\]$/, '$1').replace(/\.\.\.$/, ''));
        }
      }
  });

  it('tells a sub-command missing or unknown apart from an argument missing', async () => {
    for (const [argv, first] of [
      [['config'], 'config needs a sub-command: show or set'],
      [['config', 'frob'], 'unknown sub-command: config frob'],
      [['deposits'], 'deposits needs a sub-command: list, confirm or fail'],
      [['deposits', 'frob', '1'], 'unknown sub-command: deposits frob'],
      [['operators', 'frob', 'x'], 'unknown sub-command: operators frob'],
      [['popups', 'rename', '1'], 'unknown sub-command: popups rename'],
      [['service'], 'service needs a sub-command: threads, show or reply'],
      [['frobnicate'], 'unknown command: frobnicate'],
    ] as const)
      expect(await refuses(...argv), argv.join(' ')).toMatchObject({ code: 2, first });
  });

  it('names what follows a command that takes nothing more, and a choice it does not offer', async () => {
    for (const [argv, first] of [
      [['defi', 'products', 'x'], 'defi products takes no arguments: x'],
      [['service', 'threads', 'x'], 'service threads takes no arguments: x'],
      [['spot', 'show', 'x'], 'spot show takes no arguments: x'],
      [['service', 'show', '1', 'extra'], 'too many arguments: extra (service show USERID)'],
      [['audit', '5', 'user:1', 'x'], 'too many arguments: x (audit [LIMIT] [TARGET])'],
      [['withdrawals', 'approve', '1', 'a', 'b'], 'too many arguments: b (withdrawals approve ID [TXHASH])'],
      [['spot', 'enable', 'btcusdt', 'maybe'], 'not on|off: maybe'],
      [['contracts', 'enable', 'btcusdt', 'maybe'], 'not on|off: maybe'],
      [['deposits', 'confirm', '1', '5', '--frob'], 'not --more-than-declared: --frob'],
    ] as const)
      expect(await refuses(...argv), argv.join(' ')).toMatchObject({ code: 2, first });
  });

  it('names the value a rule refused beside its key, keeping the key and the exit code', async () => {
    for (const [argv, code, first] of [
      [['spot', 'min', 'btcusdt', 'abc'], 1, 'refused: minAmount: app.msg.parameter_error (abc)'],
      [['spot', 'enable', 'nopeusdt', 'on'], 1, 'refused: pair: app.msg.currency_not_exist (nopeusdt)'],
      [['contracts', 'enable', 'nopeusdt', 'on'], 1, 'refused: pair: app.msg.currency_not_exist (nopeusdt)'],
      [['operators', 'create', 'x'], 1, 'refused: app.msg.username_format (x)'],
      [['operators', 'password', 'nosuch'], 1, 'refused: app.msg.account_not_exist (no operator nosuch)'],
      [['users', 'flags', '99999', '--lock=on'], 1, 'refused: app.msg.account_not_exist (no user 99999)'],
      [['service', 'reply', '99999', 'hi'], 1, 'refused: app.msg.account_not_exist (no user 99999)'],
      // A list of a user id that is none is not shown as a user with nothing in it.
      [['service', 'show', '99999'], 1, 'refused: app.msg.account_not_exist (no user 99999)'],
      [['defi', 'pledges', '99999'], 1, 'refused: app.msg.account_not_exist (no user 99999)'],
      [
        ['defi', 'create', 'x', 'XXX', '7', '0.02', '1', '2', '3', '1'],
        1,
        'refused: asset: app.msg.currency_not_exist (XXX)',
      ],
      [
        ['defi', 'create', 'x', 'USDT', '7', 'abc', '1', '2', '3', '1'],
        2,
        'refused: dailyYield: app.msg.parameter_error (abc)',
      ],
      [['defi', 'set', '1', 'totalQuota=abc'], 2, 'refused: totalQuota: app.msg.parameter_error (abc)'],
      // The terms refused together name the one at fault: no yield, or a minimum above the maximum.
      [
        ['defi', 'create', 'x', 'USDT', '7', '0', '1', '2', '3', '1'],
        1,
        'refused: dailyYield: app.msg.parameter_error (0)',
      ],
      [
        ['defi', 'create', 'x', 'USDT', '7', '0.02', '5', '2', '3', '1'],
        1,
        'refused: minAmount: app.msg.parameter_error (5)',
      ],
      // A value left blank is shown as the key says it: nothing to show.
      [['notices', 'edit', '1', '--title= '], 2, 'refused: title: app.msg.field_required'],
      [
        ['carousel', 'add', 'us', 'T', 'bad:link', '/x'],
        2,
        'refused: image: app.msg.link_invalid (bad:link)',
      ],
      [['carousel', 'edit', '1', '--link=ftp://x'], 2, 'refused: link: app.msg.link_invalid (ftp://x)'],
      [
        ['wallet', 'set', 'USDT', 'TRC20', 'minDeposit=abc'],
        2,
        'invalid settings: minDeposit: app.msg.amount_invalid (abc)',
      ],
    ] as const)
      expect(await refuses(...argv), argv.join(' ')).toMatchObject({ code, first });
  });

  it('names the coin and network a wallet command finds none of, as it reads them', async () => {
    for (const [argv, code, first] of [
      [
        ['wallet', 'set', 'XYZ', 'TRC20', 'minDeposit=1'],
        1,
        'refused: app.msg.record_not_found (no XYZ on TRC20)',
      ],
      [
        ['wallet', 'set', 'BTC', 'TRC20', 'minDeposit=1'],
        1,
        'refused: app.msg.record_not_found (no BTC on TRC20)',
      ],
      [
        ['wallet', 'set', 'USDT', 'NOPE', 'minDeposit=1'],
        2,
        'invalid settings: network: app.msg.parameter_error (NOPE)',
      ],
      [
        ['wallet', 'addresses', 'add', 'XYZ', 'TRC20', 'TXYZ'],
        1,
        'refused: app.msg.currency_not_exist (no XYZ on TRC20)',
      ],
      [
        ['wallet', 'addresses', 'add', 'usdt', 'nope', 'TXYZ'],
        1,
        'refused: app.msg.currency_not_exist (no USDT on NOPE)',
      ],
      // A network of one address and memos takes no pool: which one is named.
      [
        ['wallet', 'addresses', 'add', 'XRP', 'XRP', 'rX'],
        1,
        'refused: network: app.msg.parameter_error (XRP)',
      ],
      // Read in either case, as `wallet addresses add` reads them: the value is what is wrong.
      [
        ['wallet', 'set', 'usdt', 'trc20', 'minDeposit=abc'],
        2,
        'invalid settings: minDeposit: app.msg.amount_invalid (abc)',
      ],
    ] as const)
      expect(await refuses(...argv), argv.join(' ')).toMatchObject({ code, first });
  });

  it('says which argument is empty, before the rules read it as none or as unknown', async () => {
    for (const [argv, first] of [
      [['spot', 'min', '', '5'], 'PAIR is empty'],
      [['spot', 'min', 'btcusdt', ' '], 'AMOUNT is empty'],
      [['spot', 'enable', 'btcusdt', ''], 'an empty argument where on|off goes'],
      [['spot', ''], 'the sub-command is empty: spot takes show, enable or min'],
      [['contracts', 'enable', ' ', 'on'], 'PAIR is empty'],
      [['contracts', 'cycles', 'btcusdt', ''], 'MINUTES:RATE:MIN:MAX is empty'],
      [['wallet', 'set', '', 'TRC20', 'minDeposit=1'], 'COIN is empty'],
      [['wallet', 'set', 'USDT', ' ', 'minDeposit=1'], 'NETWORK is empty'],
      [['wallet', 'set', 'USDT', 'TRC20', ''], 'KEY=VALUE is empty'],
      [['wallet', 'addresses', '', 'USDT', 'TRC20', 'TXYZ'], 'an empty argument where add goes'],
      [['wallet', 'addresses', 'add', 'USDT', '', 'TXYZ'], 'NETWORK is empty'],
      [['wallet', 'addresses', 'add', 'USDT', 'TRC20', ''], 'ADDRESS is empty'],
      [['deposits', 'list', ''], 'an empty argument where pending|confirming|success|fail goes'],
      // An empty AMOUNT was read as none: the amount declared credited.
      [['deposits', 'confirm', '1', ''], 'AMOUNT is empty'],
      [['deposits', 'fail', '1', '', ' '], 'REASON is empty'],
      [['withdrawals', 'approve', '', 'abcdef0123456789abcdef'], 'ID is empty'],
      [['withdrawals', 'approve', '1', ''], 'TXHASH is empty'],
      [['verifications', 'reject', '1', ' '], 'REASON is empty'],
      // An empty QUERY found everyone.
      [['users', 'find', ''], 'QUERY is empty'],
      [['users', 'flags', '1', ''], 'FLAG is empty'],
      [['operators', 'password', ''], 'USERNAME is empty'],
      [['operators', 'create', ' '], 'USERNAME is empty'],
      [['audit', ''], 'LIMIT is empty'],
      [['outbox', ''], 'EMAIL|PHONE is empty'],
      [['defi', 'create', 'x', '', '7', '0.02', '1', '2', '3', '1'], 'ASSET is empty'],
      [['defi', 'set', '1', ''], 'KEY=VALUE is empty'],
      [['defi', 'pledges', '1', ''], 'an empty argument where earning|settled goes'],
      [['defi', 'accrue', '--days', ''], "not a number of days: ''"],
      [['documents', 'set', '', 'aboutUs', 'T', 'B'], 'LOCALE is empty'],
      [['service', 'reply', '1', ' '], 'TEXT is empty'],
      [['notices', 'add', 'us', ' ', 'M'], 'TITLE is empty'],
      [['notices', 'edit', '1', ''], 'an empty argument where an option (--title, --message or --slug) goes'],
      [['articles', 'add', 'us', '', 'T', 'B'], 'CATEGORY is empty'],
      [['popups', 'delete', ''], 'ID is empty'],
      [['carousel', 'add', 'us', '', '', ''], 'TITLE is empty'],
      [['config', 'set', '', 'x'], 'KEY is empty'],
      [['spot', 'show', ''], "spot show takes no arguments: ''"],
    ] as const) {
      const { code, out, first: said } = await refuses(...argv);
      expect({ code, said }, argv.join(' ')).toEqual({ code: 2, said: first });
      expect(usageAreas(out), argv.join(' ')).toEqual([argv[0]]);
    }
    expect(await refuses('')).toMatchObject({ code: 2, first: 'the command is empty' });
  });

  it('takes an argument its usage allows empty', async () => {
    expect(await run('carousel', 'add', 'us', 'Plain', '', '')).toMatchObject({ code: 0 });
    expect(await run('config', 'set', 'companyName', '')).toEqual({ code: 0, out: 'companyName = ""' });
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
