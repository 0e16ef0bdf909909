import { REVIEW_REASONS } from '../../protocol/reviewReasons';
import {
  adminDepositQuerySchema,
  adminWithdrawalQuerySchema,
  DEPOSIT_STATES,
  WITHDRAW_STATES,
  networkConfigPatchSchema,
  type AdminDeposit,
  type AdminWithdrawal,
  type DepositState,
  type WithdrawState,
} from '../../protocol';
import { buildAccountService } from '../accounts';
import {
  blankProblem,
  commandProblem,
  givenTwice,
  positiveInt,
  reasonProblem,
  usageError,
  when,
  type Commands,
} from './args';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { createLedger } from '../domain/ledger/ledger';
import { buildWallet } from '../wallet';
import { AppError } from '../domain/appError';
import { issuesText, refused, type Typed } from './refused';
import { cliActor } from './cliActor';
import { full, listArgs, nextPage } from './pages';
import type { Ask } from './ask';
import { translation } from '../translate';

export const WALLET_USAGE = `
  npm run admin -- deposits list [pending|confirming|success|fail] [--page=N]
                                            deposits (default: those waiting, pending and confirming,
                                            oldest first; a finished status newest first), 200 a
                                            page, the next on --page=2
  npm run admin -- deposits confirm ID [AMOUNT [--more-than-declared]]
                                            confirm and credit once; AMOUNT is what the chain shows
                                            when it differs (below the minimum: marked, not credited;
                                            above the maximum: refused, raise the maximum first;
                                            above what the user declared: refused unless the flag
                                            says it is meant)
  npm run admin -- deposits fail ID REASON...
                                            nothing (or not this user's transfer) arrived: fail it,
                                            nothing credited; the user sees the reason, or in their
                                            language one given by its code:
                                            ${REVIEW_REASONS.deposit.join(' ')}
  npm run admin -- withdrawals list [pending|success|rejected|failed] [--page=N]
                                            (default pending, oldest first; the others newest
                                            first), 200 a page, the next on --page=2
  npm run admin -- withdrawals approve ID [TXHASH]
                                            once it is sent on chain: spend the frozen amount, the fee
                                            to the fee account; the user sees TXHASH; not undone
  npm run admin -- withdrawals reject ID REASON...   release the frozen amount; the user sees why
  npm run admin -- withdrawals fail ID REASON...     the same, for a transfer that failed
                                            a REASON given by its code, the user reads in their
                                            language: ${REVIEW_REASONS.withdrawal.join(' ')}
  npm run admin -- wallet networks          coins and networks: address, memo, limits, fee, switches,
                                            and the free and taken addresses of each pool
  npm run admin -- wallet addresses add COIN NETWORK ADDRESS...
                                            deposit addresses for the pool of a network without memos:
                                            each account takes its own the first time it deposits
  npm run admin -- wallet set COIN NETWORK KEY=VALUE...
                                            keys: depositAddress memo minDeposit maxDeposit minWithdraw
                                            maxWithdraw withdrawFee depositEnabled withdrawEnabled
                                            decimals (places the coin carries on the network, 0-8)`;

/** What each command takes, as WALLET_USAGE names it. */
export const WALLET_COMMANDS: Readonly<Record<string, Commands>> = {
  deposits: {
    list: ['[pending|confirming|success|fail]'],
    confirm: ['ID', '[AMOUNT]', '[--more-than-declared]'],
    fail: ['ID', 'REASON...'],
  },
  withdrawals: {
    list: ['[pending|success|rejected|failed]'],
    approve: ['ID', '[TXHASH]'],
    reject: ['ID', 'REASON...'],
    fail: ['ID', 'REASON...'],
  },
  wallet: {
    networks: [],
    addresses: ['add', 'COIN', 'NETWORK', 'ADDRESS...'],
    set: ['COIN', 'NETWORK', 'KEY=VALUE...'],
  },
};

/** A record's note as the operator reads it: one of the app's own (`app.data.reason_…`,
 * `app.data.deposit_below_min`) in English, the CLI's language, as the user reads it in theirs; the
 * operator's words, or a key with no text, as kept. */
const noteText = (note: string | null) =>
  note ? ` (${note.startsWith('app.data.') ? (translation('us', note) ?? note) : note})` : '';

/** Whose record it is: the id the API and the audit log use, and the name the operator knows. */
const owner = (userId: number, names: ReadonlyMap<number, string>) =>
  `user ${userId} (${names.get(userId) ?? ''})`;

const depositLine = (d: AdminDeposit, names: ReadonlyMap<number, string>) =>
  `#${d.id} ${d.status} ${owner(d.userId, names)} ${d.amount} ${d.coin} on ${d.network} to ${d.address}` +
  `${d.memo ? ` memo ${d.memo}` : ''}` +
  `${d.txHash ? ` tx ${d.txHash}` : ''}${d.receivedAmount !== null ? ` received ${d.receivedAmount}` : ''}` +
  `${d.creditedAmount !== null ? ` credited ${d.creditedAmount}` : ''}` +
  ` ${when(d.createdAt)}${noteText(d.note)}`;

// A rejected or failed withdrawal sent nothing: "receives" on its line read as paid.
const withdrawalLine = (w: AdminWithdrawal, names: ReadonlyMap<number, string>) =>
  `#${w.id} ${w.status} ${owner(w.userId, names)} ${w.amount} ${w.coin} on ${w.network} to ${w.address}` +
  `${w.memo ? ` memo ${w.memo}` : ''}` +
  `${w.status === 'pending' || w.status === 'success' ? ` fee ${w.fee} receives ${w.received}` : ' released to the user, nothing sent'}` +
  `${w.txHash ? ` tx ${w.txHash}` : ''} ${when(w.createdAt)}${noteText(w.note)}`;

/** A decision refused because the record is no longer waiting (decided already, by this operator a
 * moment ago or by another): the refusal's key alone read as a wrong id. */
const alreadyDecided = async <T extends { status: string }>(
  out: (line: string) => void,
  e: unknown,
  kind: string,
  find: () => Promise<T | null>,
  line: (record: T) => Promise<string>,
  typed: Typed = {},
) => {
  const record = e instanceof AppError && e.errorName === 'record_not_found' ? await find() : null;
  const code = refused(out, e, record ? { typed } : { record: kind, typed });
  if (record) out(`${kind} is no longer waiting for review, it is ${record.status}:\n${await line(record)}`);
  return code;
};

/** KEY=VALUE pairs → a settings patch (true/false for the switches, text for the rest) and the
 * values as typed, or what is wrong with the first argument that is no KEY=VALUE or names a key
 * again. */
const parsePatch = (pairs: string[]) => {
  const patch: Record<string, unknown> = {};
  const typed: Record<string, string> = {};
  for (const p of pairs) {
    const m = /^([A-Za-z]+)=(.*)$/.exec(p);
    if (!m) return `not KEY=VALUE: ${p}`;
    const [, key, value] = m as unknown as [string, string, string];
    if (Object.hasOwn(typed, key)) return givenTwice(key);
    typed[key] = value;
    patch[key] = key.endsWith('Enabled')
      ? value === 'true' || (value === 'false' ? false : value)
      : key === 'decimals' && /^\d{1,2}$/.test(value)
        ? Number(value)
        : value;
  }
  return { patch, typed };
};

/**
 * The wallet commands of the operator CLI, over the same rules as the operator API, recorded in
 * the audit log as cli:<system user name>. Answers the exit code, or null when not one of these.
 */
export const runWalletCommand = async (
  ctx: { db: Db; config: Config; out: (line: string) => void; ask?: Ask },
  argv: string[],
): Promise<number | null> => {
  const [area, verb, ...rest] = argv;
  if (area !== 'deposits' && area !== 'withdrawals' && area !== 'wallet') return null;
  const { out } = ctx;
  const accounts = buildAccountService({
    db: ctx.db,
    config: ctx.config,
    log: { info: () => undefined, error: (obj, msg) => console.error(msg, obj) },
  });
  const wallet = buildWallet({ db: ctx.db, ledger: createLedger(ctx.db), accounts });
  const actor = cliActor();
  const namesOf = (records: readonly { userId: number }[]) =>
    accounts.deps.uow.store.users.usernames(records.map((r) => r.userId));
  const depositText = async (d: AdminDeposit) => depositLine(d, await namesOf([d]));
  const withdrawalText = async (w: AdminWithdrawal) => withdrawalLine(w, await namesOf([w]));
  const usage = (message: string) => usageError(out, WALLET_USAGE, area, message);
  const blank = blankProblem(WALLET_COMMANDS[area]!, argv);
  if (blank) return usage(blank);
  /** Shows the record a decision moves money on and asks the operator to go on: a slipped id
   * would pay, credit or refuse someone else's, and none of it is undone. Nothing is asked where
   * no one can answer (a script, `--yes`), nor of a record no longer waiting (the decision is
   * refused and says what it is). */
  const goesAhead = async <T extends { status: string }>(
    record: T | null,
    text: (r: T) => Promise<string>,
    question: string,
  ) => {
    if (!ctx.ask || !record || !['pending', 'confirming'].includes(record.status)) return true;
    out(await text(record));
    if (await ctx.ask(`${question}? [y/N] `)) return true;
    out('nothing done');
    return false;
  };
  const goesAheadDeposit = (id: number, question: string) =>
    wallet.adminDeposit(id).then((d) => goesAhead(d, depositText, question));
  const goesAheadWithdrawal = (id: number, question: string) =>
    wallet.adminWithdrawal(id).then((w) => goesAhead(w, withdrawalText, question));
  const decidedWithdrawal = (e: unknown, id: number) =>
    alreadyDecided(out, e, `withdrawal #${id}`, () => wallet.adminWithdrawal(id), withdrawalText);
  const id = positiveInt(rest[0]);
  const reason = rest.slice(1).join(' ').trim();
  // The coin and network of `wallet set` and `wallet addresses add`, read in either case: one the
  // wallet has not is named (`no XYZ on TRC20`), as the refusal's key alone does not.
  const [coin = '', network = ''] = (verb === 'addresses' ? rest.slice(1) : rest).map((s) => s.toUpperCase());
  const onNetwork = { record: `${coin} on ${network}`, typed: { coin, network } };

  try {
    if (area === 'deposits' && verb === 'list' && rest.length <= 2) {
      const args = listArgs(rest);
      if (typeof args === 'string') return usage(args);
      const status = args.status as DepositState | undefined;
      if (status && !DEPOSIT_STATES.includes(status)) return usage(`unknown status: ${status}`);
      const parsed = adminDepositQuerySchema.safeParse({ status, ...args.options });
      if (!parsed.success) return refused(out, parsed.error);
      const { page, size } = parsed.data;
      // Those waiting: a page of each of the two statuses.
      const pages = status
        ? [await wallet.adminDeposits(status, { page, size })]
        : [
            await wallet.adminDeposits('pending', { page, size }),
            await wallet.adminDeposits('confirming', { page, size }),
          ];
      const rows = pages.flat();
      if (rows.length === 0) out(`no deposits${page > 1 ? ` on page ${page}` : ''}`);
      const names = await namesOf(rows);
      // Those waiting are reviewed oldest first; a list of one status is in the service's order.
      (status ? rows : rows.sort((a, b) => a.id - b.id)).forEach((d) => out(depositLine(d, names)));
      if (pages.some(full)) out(nextPage(`deposits list${status ? ` ${status}` : ''}`, page, rows.length));
      return 0;
    }
    const over = rest[2] === '--more-than-declared';
    if (
      area === 'deposits' &&
      verb === 'confirm' &&
      (rest.length === 1 || rest.length === 2 || (rest.length === 3 && over))
    ) {
      if (id === null) return usage(`not a deposit id: ${rest[0]}`);
      if (rest[1]?.startsWith('--'))
        return usage(
          rest[1] === '--more-than-declared'
            ? `--more-than-declared follows the AMOUNT the chain shows: deposits confirm ${id} AMOUNT --more-than-declared`
            : `not an AMOUNT: ${rest[1]}`,
        );
      const credit = rest[1] === undefined ? 'the amount declared' : rest[1];
      if (!(await goesAheadDeposit(id, `Confirm deposit #${id}, crediting ${credit}`))) return 1;
      const confirmed = await wallet.confirmDeposit(actor, id, rest[1], over).catch((e: unknown) => {
        if (e instanceof AppError && e.errorName === 'more_than_declared') {
          const declared = (e.data as { value: string }).value;
          return usage(
            `${rest[1]} is more than the ${declared} declared: if the chain shows it, ` +
              `confirm again with --more-than-declared`,
          );
        }
        // The amount is refused by its key alone when it is no amount (`amount_invalid`).
        const amount = { amount: rest[1], amount_invalid: rest[1] };
        return alreadyDecided(out, e, `deposit #${id}`, () => wallet.adminDeposit(id), depositText, amount);
      });
      if (typeof confirmed === 'number') return confirmed;
      out(await depositText(confirmed));
      return 0;
    }
    if (area === 'deposits' && verb === 'fail' && rest.length >= 2) {
      if (id === null) return usage(`not a deposit id: ${rest[0]}`);
      const problem = reasonProblem('deposit', reason);
      if (problem) return usage(problem);
      if (!(await goesAheadDeposit(id, `Fail deposit #${id}, crediting nothing`))) return 1;
      const failed = await wallet
        .failDeposit(actor, id, reason)
        .catch((e: unknown) =>
          alreadyDecided(out, e, `deposit #${id}`, () => wallet.adminDeposit(id), depositText),
        );
      if (typeof failed === 'number') return failed;
      out(await depositText(failed));
      return 0;
    }
    if (area === 'withdrawals' && verb === 'list' && rest.length <= 2) {
      const args = listArgs(rest);
      if (typeof args === 'string') return usage(args);
      const status = (args.status ?? 'pending') as WithdrawState;
      if (!WITHDRAW_STATES.includes(status)) return usage(`unknown status: ${status}`);
      const parsed = adminWithdrawalQuerySchema.safeParse({ status, ...args.options });
      if (!parsed.success) return refused(out, parsed.error);
      const { page, size } = parsed.data;
      const rows = await wallet.adminWithdrawals(status, { page, size });
      if (rows.length === 0) out(`no ${status} withdrawals${page > 1 ? ` on page ${page}` : ''}`);
      const names = await namesOf(rows);
      rows.forEach((w) => out(withdrawalLine(w, names)));
      if (full(rows)) out(nextPage(`withdrawals list ${status}`, page, rows.length));
      return 0;
    }
    if (area === 'withdrawals' && verb === 'approve' && (rest.length === 1 || rest.length === 2)) {
      if (id === null) return usage(`not a withdrawal id: ${rest[0]}`);
      if (rest[1] !== undefined && !/^[A-Za-z0-9]{16,128}$/.test(rest[1]))
        return usage(`not a transaction hash (16 to 128 letters and digits): ${rest[1]}`);
      if (!(await goesAheadWithdrawal(id, `Approve withdrawal #${id} as sent, spending its frozen amount`)))
        return 1;
      const approved = await wallet
        .approveWithdrawal(actor, id, rest[1])
        .catch((e: unknown) => decidedWithdrawal(e, id));
      if (typeof approved === 'number') return approved;
      out(await withdrawalText(approved));
      return 0;
    }
    if (area === 'withdrawals' && (verb === 'reject' || verb === 'fail') && rest.length >= 2) {
      if (id === null) return usage(`not a withdrawal id: ${rest[0]}`);
      const problem = reasonProblem('withdrawal', reason);
      if (problem) return usage(problem);
      if (
        !(await goesAheadWithdrawal(
          id,
          `${verb === 'reject' ? 'Reject' : 'Fail'} withdrawal #${id}, releasing its amount`,
        ))
      )
        return 1;
      const w = await (
        verb === 'reject'
          ? wallet.rejectWithdrawal(actor, id, reason)
          : wallet.failWithdrawal(actor, id, reason)
      ).catch((e: unknown) => decidedWithdrawal(e, id));
      if (typeof w === 'number') return w;
      out(await withdrawalText(w));
      return 0;
    }
    if (area === 'wallet' && verb === 'networks' && rest.length === 0) {
      for (const n of await wallet.networks()) {
        const where = n.memoRequired
          ? `${n.depositAddress} memo ${n.memo}`
          : await wallet
              .depositAddressStock(n.coin, n.network)
              .then((s) => `pool ${s.free} free ${s.taken} taken`);
        out(
          `${n.coin}\t${n.network}\t${where}\t` +
            `deposit ${n.minDeposit}-${n.maxDeposit} ${n.depositEnabled ? 'on' : 'off'}\t` +
            `withdraw ${n.minWithdraw}-${n.maxWithdraw} fee ${n.withdrawFee} ${n.withdrawEnabled ? 'on' : 'off'}`,
        );
      }
      return 0;
    }
    if (area === 'wallet' && verb === 'addresses' && rest[0] === 'add' && rest.length >= 4) {
      const addresses = rest.slice(3);
      const added = await wallet.addDepositAddresses(actor, coin, network, addresses);
      const stock = await wallet.depositAddressStock(coin, network);
      out(
        `${added} added (${addresses.length - added} already there); ${stock.free} free, ${stock.taken} taken`,
      );
      return 0;
    }
    if (area === 'wallet' && verb === 'set' && rest.length >= 3) {
      const read = parsePatch(rest.slice(2));
      if (typeof read === 'string') return usage(read);
      const parsed = networkConfigPatchSchema.safeParse({ coin, network, ...read.patch });
      if (!parsed.success)
        return usage(`invalid settings: ${issuesText(parsed.error, { ...onNetwork.typed, ...read.typed })}`);
      const n = await wallet.updateNetwork(actor, parsed.data);
      out(`${n.coin} on ${n.network} updated: ${JSON.stringify(n)}`);
      return 0;
    }
  } catch (e) {
    return refused(out, e, area === 'wallet' ? onNetwork : {});
  }
  return usage(commandProblem(WALLET_COMMANDS[area]!, argv));
};
