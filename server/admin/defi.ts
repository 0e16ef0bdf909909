import {
  adminPledgeQuerySchema,
  adminServiceThreadsQuerySchema,
  isLocale,
  LOCALES,
  PLEDGE_STATUSES,
  type PledgeStatus,
} from '../../protocol';
import { replyToUser, saveDocument, userThread } from '../content/admin';
import type { Db } from '../db/connect';
import { listServiceThreads } from '../db/repos/help';
import { createLedger } from '../domain/ledger/ledger';
import { createProduct, listAllPledges, listAllProducts, updateProductTerms } from '../staking/admin';
import { createStaking } from '../staking/service';
import { advanceTestClock, stakingClock, TEST_CLOCK_ENV, testClockEnabled } from '../staking/testClock';
import { refused } from './refused';
import { full, nextPage } from './pages';
import { cliActor } from './cliActor';
import {
  blankProblem,
  commandProblem,
  givenTwice,
  options,
  positiveInt,
  shown,
  textArg,
  UnreadableFile,
  usageError,
  when,
  type Synopsis,
} from './args';

export const DEFI_USAGE = `
  npm run admin -- defi products             every staking product
  npm run admin -- defi create NAME ASSET DAYS DAILY_YIELD_% MIN MAX QUOTA LIMIT
                                            new product, e.g. defi create "USDT Saver 14" USDT 14 0.025 100 50000 500000 3
  npm run admin -- defi set ID KEY=VALUE...  change name, dailyYield, minAmount, maxAmount, totalQuota,
                                            purchaseLimit, enabled (true/false) or sort
  npm run admin -- defi pledges [USERID] [earning|settled] [--page=N]
                                            everyone's or one user's, of a status or all, newest
                                            first, 200 a page, the next on --page=2
  npm run admin -- defi accrue               release the income due now (the server does this every minute)
  npm run admin -- defi accrue --days N      TEST MODE ONLY (${TEST_CLOCK_ENV}=true here and on the server):
                                            move the staking clock N days on and release what falls due
  npm run admin -- documents set LOCALE aboutUs|serviceAgreement|msb TITLE BODY
                                            BODY of @path reads the text from a file
  npm run admin -- service threads [--page=N] | service show USERID | service reply USERID TEXT...
                                            threads newest first, 200 a page, the next on --page=2`;

/** What each command takes, as DEFI_USAGE names it. */
export const DEFI_COMMANDS: Readonly<Record<string, Readonly<Record<string, Synopsis>>>> = {
  defi: {
    products: [],
    create: ['NAME', 'ASSET', 'DAYS', 'DAILY_YIELD_%', 'MIN', 'MAX', 'QUOTA', 'LIMIT'],
    set: ['ID', 'KEY=VALUE...'],
    pledges: ['[USERID]', '[earning|settled]', '[--page=N]'],
    accrue: ['[--days N]'],
  },
  documents: { set: ['LOCALE', 'aboutUs|serviceAgreement|msb', 'TITLE', 'BODY'] },
  service: { threads: [], show: ['USERID'], reply: ['USERID', 'TEXT...'] },
};

const NUMERIC_KEYS = ['purchaseLimit', 'sort'];
const PRODUCT_KEYS = [
  'name',
  'dailyYield',
  'minAmount',
  'maxAmount',
  'totalQuota',
  'purchaseLimit',
  'enabled',
  'sort',
];

/**
 * Staking, document and customer-service commands of the operator CLI, over the same functions as
 * the operator API. Answers the exit code, or null when the command is not one of these.
 */
export const runDefiCommand = async (
  ctx: { db: Db; out: (line: string) => void; env?: NodeJS.ProcessEnv },
  argv: string[],
): Promise<number | null> => {
  const [area, verb, ...rest] = argv;
  const { db, out } = ctx;
  if (!['defi', 'documents', 'service'].includes(area ?? '')) return null;
  const actor = cliActor();
  // defi, documents and service share one usage text; each is shown its own lines.
  const usage = (message: string) => usageError(out, DEFI_USAGE, area!, message);
  const blank = blankProblem(DEFI_COMMANDS[area!]!, argv);
  if (blank) return usage(blank);
  // The values given the rules, by the field each fills: a refusal shows the one it was about.
  const typed: Record<string, string> = {};
  try {
    if (area === 'defi' && verb === 'products' && rest.length === 0) {
      for (const p of await listAllProducts(db))
        out(
          `#${p.id} ${p.name} [${p.enabled ? 'on' : 'off'}] ${p.asset} ${p.cycleDays}d daily ${p.dailyYield}% ` +
            `annual ${p.annualRate}% min ${p.minAmount} max ${p.maxAmount} quota ${p.remainingQuota}/${p.totalQuota} limit ${p.purchaseLimit}`,
        );
      return 0;
    }
    if (area === 'defi' && verb === 'create' && rest.length === 8) {
      const [name, asset, days, dailyYield, minAmount, maxAmount, totalQuota, limit] = rest as string[];
      Object.assign(typed, { name, asset, dailyYield, minAmount, maxAmount, totalQuota });
      // Whole numbers as written: Number('abc') reached the rules as NaN, and their refusal read
      // "expected number, received NaN".
      const cycleDays = positiveInt(days);
      if (cycleDays === null) return usage(`DAYS must be a whole number of days, 1 or more: ${days}`);
      const purchaseLimit = positiveInt(limit);
      if (purchaseLimit === null)
        return usage(`LIMIT must be a whole number of purchases, 1 or more: ${limit}`);
      const p = await createProduct(db, actor, {
        name: name!,
        asset: asset!,
        cycleDays,
        dailyYield: dailyYield!,
        minAmount: minAmount!,
        maxAmount: maxAmount!,
        totalQuota: totalQuota!,
        purchaseLimit,
      });
      out(`product #${p.id} ${p.name} created`);
      return 0;
    }
    if (area === 'defi' && verb === 'set' && rest.length >= 2) {
      const id = positiveInt(rest[0]);
      if (id === null) return usage(`not a product id: ${rest[0]}`);
      const changes: Record<string, unknown> = { id };
      for (const pair of rest.slice(1)) {
        const [key, ...value] = pair.split('=');
        if (!key || !PRODUCT_KEYS.includes(key) || value.length === 0) return usage(`cannot set: ${pair}`);
        if (Object.hasOwn(typed, key)) return usage(givenTwice(key));
        const raw = value.join('=');
        typed[key] = raw;
        // Read as written or refused: `enabled=yes` switched the product off, `sort=` was 0.
        const read =
          key === 'enabled'
            ? ({ true: true, false: false } as Record<string, boolean>)[raw]
            : NUMERIC_KEYS.includes(key)
              ? /^\d{1,9}$/.test(raw)
                ? Number(raw)
                : undefined
              : raw;
        if (read === undefined) return usage(`cannot set: ${pair}`);
        changes[key] = read;
      }
      const p = await updateProductTerms(db, actor, changes as { id: number });
      out(
        `product #${p.id} ${p.name}: daily ${p.dailyYield}% quota ${p.remainingQuota}/${p.totalQuota} ${p.enabled ? 'on' : 'off'}`,
      );
      return 0;
    }
    const positional = rest.filter((a) => !a.startsWith('--'));
    if (area === 'defi' && verb === 'pledges' && positional.length <= 2) {
      const statusOf = (word: string) => `app.data.pledge_${word}` as PledgeStatus;
      // A status alone lists everyone's of that status, as the API does.
      const [user, state] =
        positional.length === 1 && PLEDGE_STATUSES.includes(statusOf(positional[0]!))
          ? [undefined, positional[0]]
          : positional;
      const userId = user === undefined ? undefined : positiveInt(user);
      if (userId === null)
        return usage(
          positional.length === 1
            ? `not a user id or status (earning|settled): ${user}`
            : `not a user id: ${user}`,
        );
      const status = state === undefined ? undefined : statusOf(state);
      if (status && !PLEDGE_STATUSES.includes(status)) return usage(`unknown status: ${state}`);
      const page = options(
        rest.filter((a) => a.startsWith('--')),
        ['page'],
        ['page'],
      );
      if (typeof page === 'string') return usage(page);
      const parsed = adminPledgeQuerySchema.safeParse({ userId: user, status, ...page });
      if (!parsed.success) return refused(out, parsed.error);
      const query = parsed.data;
      const pledges = await listAllPledges(db, query);
      if (pledges.length === 0)
        out(
          ['no', state, 'pledges', userId && `of user ${userId}`, query.page > 1 && `on page ${query.page}`]
            .filter(Boolean)
            .join(' '),
        );
      for (const p of pledges)
        out(
          `#${p.id} user ${p.userId} ${p.name} ${p.amount} ${p.asset} ${p.status.replace('app.data.pledge_', '')} ` +
            `day ${p.daysPaid}/${p.cycleDays} income ${p.cumulativeIncome} pledged ${when(p.pledgedAt)} settled ${when(p.settledAt)}`,
        );
      if (full(pledges)) out(nextPage(['defi pledges', ...positional].join(' '), query.page, pledges.length));
      return 0;
    }
    if (area === 'defi' && verb === 'accrue') {
      const testMode = testClockEnabled(ctx.env ?? process.env);
      let days = 0;
      if (rest.length > 0) {
        if (rest[0] !== '--days' || rest.length !== 2)
          return usage(`defi accrue takes nothing or --days N, not: ${rest.map(shown).join(' ')}`);
        const n = positiveInt(rest[1]);
        if (n === null || n > 3650) return usage(`not a number of days: ${shown(rest[1]!)}`);
        if (!testMode) {
          out(
            `refused: --days moves the staking clock and exists only in test mode (${TEST_CLOCK_ENV}=true)`,
          );
          return 2;
        }
        days = n;
      }
      if (days > 0) await advanceTestClock(db.kysely, days);
      const staking = createStaking({
        db,
        ledger: createLedger(db),
        clock: stakingClock(db.kysely, testMode),
      });
      const r = await staking.accrue();
      out(
        `${days > 0 ? `staking clock +${days}d; ` : ''}released ${r.days} day(s) of income, settled ${r.settled}, failed ${r.failed}`,
      );
      return r.failed > 0 ? 1 : 0;
    }
    if (area === 'documents' && verb === 'set' && rest.length === 4 && isLocale(rest[0])) {
      const d = await saveDocument(db, actor, {
        locale: rest[0],
        type: rest[1] as 'aboutUs',
        title: rest[2]!,
        body: textArg(rest[3]!),
      });
      out(`${d.type} (${rest[0]}) saved`);
      return 0;
    }
    if (area === 'service' && verb === 'threads' && rest.every((a) => a.startsWith('--'))) {
      const page = options(rest, ['page'], ['page']);
      if (typeof page === 'string') return usage(page);
      const parsed = adminServiceThreadsQuerySchema.safeParse(page);
      if (!parsed.success) return refused(out, parsed.error);
      const query = parsed.data;
      const threads = await listServiceThreads(db.kysely, {
        offset: (query.page - 1) * query.size,
        limit: query.size,
      });
      if (threads.length === 0) out(`no threads${query.page > 1 ? ` on page ${query.page}` : ''}`);
      for (const t of threads)
        out(
          `user ${t.userId} (${t.username}) ${t.waiting ? 'WAITING' : 'answered'} ${when(t.lastAt)}: ${t.lastMessage}`,
        );
      if (full(threads)) out(nextPage('service threads', query.page, threads.length));
      return 0;
    }
    if (
      area === 'service' &&
      ((verb === 'show' && rest.length === 1) || (verb === 'reply' && rest.length >= 2))
    ) {
      const userId = positiveInt(rest[0]);
      if (userId === null) return usage(`not a user id: ${rest[0]}`);
      const text = rest.slice(1).join(' ').trim();
      if (verb === 'reply' && !text) return usage('the reply is empty');
      const thread =
        verb === 'reply' ? await replyToUser(db, actor, userId, text) : await userThread(db, userId);
      if (thread.length === 0) out(`no messages with user ${userId}`);
      for (const m of thread)
        out(`${when(m.createdAt)} ${m.from === 'user' ? 'user' : 'service'}: ${m.body}`);
      return 0;
    }
    // A locale it does not know, named, rather than the whole command called unreadable.
    const locale = area === 'documents' && verb === 'set' ? rest[0] : undefined;
    if (locale !== undefined && !isLocale(locale))
      return usage(`unknown locale: ${locale} (one of ${LOCALES.join(', ')})`);
  } catch (e) {
    if (e instanceof UnreadableFile) return usage(e.message);
    const id = area === 'defi' && verb === 'set' ? positiveInt(rest[0]) : null;
    return refused(out, e, {
      ...(id === null ? {} : { record: `product #${id}` }),
      ...(area === 'service' || verb === 'pledges' ? { record: `user ${rest[0]}` } : {}),
      typed,
    });
  }
  return usage(commandProblem(DEFI_COMMANDS[area!]!, argv));
};
