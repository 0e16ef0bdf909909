import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_KEYS, LOCALE_TAGS, LOCALES, SUCCESS_MSG, type Locale } from '../../protocol';
import { ROUTES } from '../../protocol/routes';

type Tree = { [key: string]: string | Tree };

const root = path.resolve(__dirname, '../..');
const read = (locale: string): Tree => JSON.parse(fs.readFileSync(path.join(root, 'locales', `${locale}.json`), 'utf8'));

const flatten = (tree: Tree, prefix = '', out: Record<string, string> = {}) => {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else flatten(v, key, out);
  }
  return out;
};

const english = flatten(read('us'));

/** A plural form's key (`defi.cycleDays_few`) as its base and category; any other key as itself. */
const PLURAL = /^(.+)_(zero|one|two|few|many|other)$/;
const baseOf = (key: string) => PLURAL.exec(key)?.[1] ?? key;
const categoriesOf = (locale: Locale) =>
  [...new Intl.PluralRules(LOCALE_TAGS[locale]).resolvedOptions().pluralCategories].sort();
/** Every plural key carries the forms of all eleven languages in every locale, so each locale has
 * the same keys; `pluralKey` picks only the language's own, and the others repeat its other form. */
const ALL_CATEGORIES = [...new Set(LOCALES.flatMap(categoriesOf))].sort();
const placeholders = (s: string) => (s.match(/{{\s*\w+\s*}}/g) ?? []).sort().join();

/** Values that are rightly the same as English, each only in the languages where it is: a word
 * allowed everywhere would let an English leftover in Chinese or Russian through. */
const LATIN = ['br', 'de', 'es', 'fr', 'it'] as const;
const SAME_AS_ENGLISH: Record<string, readonly Locale[]> = {
  // Units and an abbreviation every language writes the same.
  'test.ms': LATIN,
  'user.uid': LOCALES,
  // "Staking", which exchanges writing these languages keep in English.
  'route.defi': LATIN,
  'home.staking': LATIN,
  'form.password': ['it'],
  // "{{count}} min": the abbreviation is the same in Portuguese, Spanish, French and Italian.
  'contract.cycleMinutes': ['br', 'es', 'fr', 'it'],
  // "{{min}} – {{max}}": the European languages write a range with the same dash (the Asian ones
  // with their tilde).
  'common.range': [...LATIN, 'ru'],
  // "Socket": the diagnostics term these languages borrow.
  'test.socket': ['br', 'es', 'fr', 'it'],
  // "Trading" (French, Italian), "Orders" and "Coins" (German): loanwords these exchanges use.
  'help.category.trading': ['fr', 'it'],
  'trade.allOrders': ['de'],
  'wallet.coins': ['de'],
  // "Limit" (German): the order type as German exchanges name it.
  'trade.limit': ['de'],
  // "Maker" and "Taker": the terms these exchanges show a fill's side of the book by.
  'orders.roles.maker': LATIN,
  'orders.roles.taker': LATIN,
  // "Status" (German) and the tab "Home" (Italian): the words apps in these languages use.
  'contractList.status': ['de'],
  'tab.home': ['it'],
  // "Volume", the home board of the most traded pairs: the same word in Portuguese and French.
  'home.top.volume': ['br', 'fr'],
};

/** Letters that are never right in a language's file: kana or Hangul in Chinese, Cyrillic or an
 * Asian script in a Latin one, and Simplified forms in Traditional Chinese (and back), for the
 * characters an exchange writes most, which converters and copied strings mix up. */
const SIMPLIFIED = '币现货单价资产户账认证码录设质额费项务网络发时间询详细买卖义为这说们优';
const TRADITIONAL = '幣現貨單價資產戶帳認證碼錄設質額費項務網絡發時間詢詳細買賣義為這說們優';
const scripts = (...names: string[]) => names.map((name) => `\\p{Script=${name}}`).join('');
const anyOf = (...sets: string[]) => new RegExp(`[${sets.join('')}]`, 'u');
const NOT_LATIN = anyOf(scripts('Han', 'Hiragana', 'Katakana', 'Hangul', 'Cyrillic'));
const FOREIGN_SCRIPT: Record<Locale, RegExp> = {
  us: NOT_LATIN,
  cn: anyOf(scripts('Hiragana', 'Katakana', 'Hangul', 'Cyrillic'), TRADITIONAL),
  tw: anyOf(scripts('Hiragana', 'Katakana', 'Hangul', 'Cyrillic'), SIMPLIFIED),
  jp: anyOf(scripts('Hangul', 'Cyrillic')),
  kr: anyOf(scripts('Hiragana', 'Katakana', 'Cyrillic')),
  ru: anyOf(scripts('Han', 'Hiragana', 'Katakana', 'Hangul')),
  br: NOT_LATIN,
  de: NOT_LATIN,
  es: NOT_LATIN,
  fr: NOT_LATIN,
  it: NOT_LATIN,
};

/** Any of the words, standing alone (not inside a longer word, nor after an apostrophe). */
const words = (alternatives: string, flags = 'iu') => new RegExp(`(?<![\\p{L}’])(${alternatives})(?![\\p{L}’])`, flags);
/** The form of address each language does not use: German, French and Russian say Sie, vous,
 * вы; Spanish, Italian and Portuguese speak to the reader as tú, tu, você. */
const OTHER_REGISTER = {
  de: words('du|dich|dir|dein\\p{L}*'),
  fr: words('tu|toi|ton|tes'),
  ru: words('ты|тебя|тебе|тво[йяеёи]\\p{L}*'),
  es: words('usted|ustedes|su (idioma|cuenta|saldo|contraseña|correo|teléfono|identidad)'),
  it: words('Lei|Suo|Sua|Suoi|Sue', 'u'),
  br: words('tu|teu|tua|teus|tuas'),
};

/** Concepts a reader meets on several screens, each with the term (or its stem) its language
 * names it by: a second word for the same thing reads as a different thing. */
const GLOSSARY: { keys: string[]; term: Record<Locale, string> }[] = [
  {
    // Staking income, not the gain of a contract (which several languages call otherwise).
    keys: ['app.data.pledge_income', 'route.defi_incomeRecord', 'defi.dailyIncome', 'defi.todayIncome', 'defi.noIncome'],
    term: {
      us: 'income|earnings',
      cn: '收益',
      tw: '收益',
      br: 'rendimento',
      jp: '収益',
      kr: '수익',
      de: 'ertr[aä]g',
      es: 'rendimiento',
      fr: 'revenu',
      ru: 'доход',
      it: 'rendiment',
    },
  },
  {
    // Identity verification, not the verification code.
    keys: ['route.authentication', 'userInfo.verification', 'gate.verify', 'app.data.reason_document_expired'],
    term: {
      us: 'verif',
      cn: '认证',
      tw: '驗證',
      br: 'verifica',
      jp: '本人確認',
      kr: '인증',
      de: 'verifi',
      es: 'verif',
      fr: 'vérifi',
      ru: 'верифика',
      it: 'verifica',
    },
  },
  {
    // The login password, told apart from the withdrawal password on the same screens: French
    // "Changer le mot de passe" beside "Modifier le mot de passe de retrait" named neither.
    keys: ['route.changePwd', 'pwd.changed', 'pwd.withdrawIntro', 'app.msg.passwords_same', 'app.msg.withdraw_locked'],
    term: {
      us: 'login password',
      cn: '登录密码',
      tw: '登入密碼',
      br: 'senha de login',
      jp: 'ログインパスワード',
      kr: '로그인 비밀번호',
      de: 'Login-Passw',
      es: 'contraseña de inicio de sesión',
      fr: 'mot de passe de connexion',
      ru: 'парол[ьяю] для входа',
      it: 'password di accesso',
    },
  },
];

/** The tags of a value (`<keep>`, `</agreement>`) for react-i18next's Trans, as [closing, name]. */
const tagsOf = (s: string) => [...s.matchAll(/<(\/?)([A-Za-z][\w-]*)\s*\/?>/g)].map((m) => [m[1] === '/', m[2]!] as const);
/** HTML's void elements: Trans reads `<link>words</link>` as an empty link with the words after it. */
const VOID_ELEMENTS = new Set(
  ['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr'],
);

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });

describe('locale files', () => {
  it.each(LOCALES)('%s has exactly the keys of us, plural forms included', (locale) => {
    expect(Object.keys(flatten(read(locale))).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(LOCALES)(
    '%s has every plural form any of the languages has, and repeats its other form in those its own never picks',
    (locale) => {
      const values = flatten(read(locale));
      const forms = new Map<string, string[]>();
      for (const key of Object.keys(values)) {
        const m = PLURAL.exec(key);
        if (m) forms.set(m[1]!, [...(forms.get(m[1]!) ?? []), m[2]!]);
      }
      expect(forms.size).toBeGreaterThan(0);
      const own = categoriesOf(locale);
      for (const [base, categories] of forms) {
        expect(categories.sort(), `${locale}: ${base}`).toEqual(ALL_CATEGORIES);
        for (const c of ALL_CATEGORIES.filter((c) => !own.includes(c)))
          expect(values[`${base}_${c}`], `${locale}: ${base}_${c}`).toBe(values[`${base}_other`]);
      }
    },
  );

  it.each(LOCALES)('%s has no empty value and keeps every placeholder', (locale) => {
    for (const [key, value] of Object.entries(flatten(read(locale)))) {
      expect(value.trim(), `${locale}: ${key}`).not.toBe('');
      expect(placeholders(value), `${locale}: ${key}`).toBe(placeholders(english[key] ?? ''));
    }
  });

  it.each(LOCALES)(
    '%s marks words only with the tags English uses, each closed where it opens, none an HTML void element',
    (locale) => {
      for (const [key, value] of Object.entries(flatten(read(locale)))) {
        const names = new Set(tagsOf(english[key] ?? '').map(([, name]) => name));
        const open: string[] = [];
        for (const [closing, name] of tagsOf(value)) {
          expect(names.has(name), `${locale}: ${key}: <${name}>`).toBe(true);
          expect(VOID_ELEMENTS.has(name), `${locale}: ${key}: <${name}>`).toBe(false);
          if (!closing) open.push(name);
          else expect(open.pop(), `${locale}: ${key}: </${name}>`).toBe(name);
        }
        expect(open, `${locale}: ${key}`).toEqual([]);
      }
    },
  );

  it.each(LOCALES)('%s links the sign-up agreement once, around words', (locale) => {
    const sentence = flatten(read(locale))['register.agreement'] ?? '';
    expect(sentence.match(/<agreement>[^<]*\S[^<]*<\/agreement>/g), sentence).toHaveLength(1);
    expect(tagsOf(sentence).filter(([, name]) => name === 'agreement'), sentence).toHaveLength(2);
  });

  it.each(LOCALES)(
    '%s names the document number in its refusal as the verification form labels it, whatever the document',
    (locale) => {
      // The form asks for an ID card's or a passport's number under one label: a refusal that
      // says "ID card number" misleads a reader who chose the passport.
      const values = flatten(read(locale));
      const label = values['kyc.docNumber']!.toLocaleLowerCase(LOCALE_TAGS[locale]);
      expect(values['app.msg.doc_number_invalid']!.toLocaleLowerCase(LOCALE_TAGS[locale])).toContain(label);
    },
  );

  it.each(LOCALES)('%s tells the daily yield (a rate) from the daily income (an amount), as its formula names them', (locale) => {
    // The staking form shows the income and explains it as amount × yield: one word for both
    // reads as "daily income = amount × daily income".
    const values = flatten(read(locale));
    const lower = (key: string) => values[key]!.toLocaleLowerCase(LOCALE_TAGS[locale]);
    expect(lower('defi.dailyYield')).not.toBe(lower('defi.dailyIncome'));
    expect(lower('defi.rounding')).toContain(lower('defi.dailyIncome'));
    expect(lower('defi.rounding')).toContain(lower('defi.dailyYield'));
  });

  it.each(Object.keys(OTHER_REGISTER) as (keyof typeof OTHER_REGISTER)[])(
    '%s keeps one register, never the other form of address',
    (locale) => {
      for (const [key, value] of Object.entries(flatten(read(locale))))
        expect(value, `${locale}: ${key}`).not.toMatch(OTHER_REGISTER[locale]);
    },
  );

  it.each(LOCALES)('%s names each concept of the glossary by one term wherever it shows', (locale) => {
    const values = flatten(read(locale));
    for (const { keys, term } of GLOSSARY)
      for (const key of keys) expect(values[key], `${locale}: ${key}`).toMatch(new RegExp(term[locale], 'iu'));
  });

  it.each(['fr', 'it'] as const)('%s writes its apostrophe as ’ throughout', (locale) => {
    for (const [key, value] of Object.entries(flatten(read(locale))))
      expect(value, `${locale}: ${key}`).not.toMatch(/\p{L}'\p{L}/u);
  });

  it('fr puts a no-break space before : ; ? ! » and after «, so the sign never starts a line alone', () => {
    // Only after a word, a number or a placeholder: the password rule lists its allowed signs
    // one by one between plain spaces.
    for (const [key, value] of Object.entries(flatten(read('fr'))))
      expect(value, `fr: ${key}`).not.toMatch(/[\p{L}\p{N}}] [:;?!»]|« /u);
  });

  it.each(LOCALES)('%s keeps the underscore a rule names with the word before it', (locale) => {
    // German "… Ziffern oder _" left the underscore alone on the username hint's second line at
    // 320 px. (The password rule's list of signs, one by one between spaces, is not a word and one.)
    for (const [key, value] of Object.entries(flatten(read(locale))))
      expect(value, `${locale}: ${key}`).not.toMatch(/\p{L} _(?=$|[\s,.)])/u);
  });

  it.each(['cn', 'tw', 'jp'] as const)('%s uses full-width punctuation next to its own script', (locale) => {
    const cjk = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}';
    const halfWidth = new RegExp(`[${cjk}][(),:;?!]|[(),:;?!][${cjk}]`, 'u');
    for (const [key, value] of Object.entries(flatten(read(locale))))
      expect(value, `${locale}: ${key}`).not.toMatch(halfWidth);
  });

  it.each(LOCALES)('%s writes in its own script, no letter of another language’s', (locale) => {
    const foreign = FOREIGN_SCRIPT[locale];
    for (const [key, value] of Object.entries(flatten(read(locale))))
      expect(value, `${locale}: ${key}`).not.toMatch(foreign);
  });

  it.each(['cn', 'tw', 'jp', 'kr'] as const)('%s writes a range of figures with its tilde, as common.range does', (locale) => {
    for (const [key, value] of Object.entries(flatten(read(locale))))
      expect(value, `${locale}: ${key}`).not.toMatch(/\d\s*[–—]\s*\d/u);
  });

  it.each(LOCALES.filter((l) => l !== 'us'))('%s is really translated', (locale) => {
    const same = Object.entries(flatten(read(locale)))
      .filter(([key, value]) => value === english[key] && !SAME_AS_ENGLISH[key]?.includes(locale))
      .map(([key]) => key);
    expect(same).toEqual([]);
  });

  it('translates every catalogued error and the success message', () => {
    for (const key of [...ERROR_KEYS, SUCCESS_MSG]) expect(english, key).toHaveProperty([key]);
  });

  it('translates every route title', () => {
    for (const route of ROUTES) expect(english, route.path).toHaveProperty([route.title]);
  });

  it('holds every key the web app uses', () => {
    const namespaces = new Set(Object.keys(english).map((k) => k.split('.')[0]));
    const used = new Set<string>();
    for (const file of sourceFiles(path.join(root, 'src'))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const [, key] of text.matchAll(/['"`]([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_]+)+)['"`]/g)) {
        if (key && namespaces.has(key.split('.')[0] ?? '') && !key.endsWith('.')) used.add(key);
      }
    }
    expect(used.size).toBeGreaterThan(30);
    const plurals = new Set(Object.keys(english).filter((k) => PLURAL.test(k)).map(baseOf));
    const missing = [...used].filter((k) => !(k in english) && !plurals.has(k));
    expect(missing).toEqual([]);
  });
});
