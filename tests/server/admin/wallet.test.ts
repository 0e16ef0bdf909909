import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { dbSnapshot, run, runAnswering, useFreshCliDatabase } from './cliHarness';

const dataDir = useFreshCliDatabase();
const en = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../locales/us.json'), 'utf8'));

/** Writes straight into the CLI's SQLite file (a user, their deposits), as the server would. */
const write = <T>(fn: (db: SQLite.Database) => T): T => {
  const db = new SQLite(path.join(dataDir(), 'exchange.db'));
  try {
    return fn(db);
  } finally {
    db.close();
  }
};

const fixture = (username = 'cliuser1') => {
  const user = write(
    (db) =>
      db
        .prepare(
          `insert into users (username, username_key, nickname, nickname_key, nickname_skeleton,
             nickname_folded_skeleton, email, invite_code, certification, password_hash, created_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, 2, 'x', 0)`,
        )
        .run(
          username,
          username,
          username,
          username,
          username,
          username,
          `${username}@example.com`,
          username.toUpperCase(),
        ).lastInsertRowid,
  );
  const deposit = (amount: string) =>
    write(
      (db) =>
        db
          .prepare(
            `insert into deposits (user_id, coin, network, address, memo, amount, status, created_at, updated_at)
             values (?, 'USDT', 'TRC20', 'T', '', ?, 'pending', 0, 0)`,
          )
          .run(user, amount).lastInsertRowid,
    );
  let made = 0;
  /** A pending withdrawal of `amount` units with its amount frozen, as a submit leaves it. */
  const withdrawal = (amount: string) =>
    write((db) => {
      db.prepare(
        `insert into balances (user_id, asset, available, frozen, updated_at) values (?, 'USDT', '0', ?, 0)
         on conflict (user_id, asset) do update set frozen = excluded.frozen`,
      ).run(user, amount);
      return db
        .prepare(
          `insert into withdrawals (user_id, coin, network, address, memo, amount, fee, status, request_key, created_at, updated_at)
           values (?, 'USDT', 'TRC20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', '', ?, '100000000', 'pending', ?, 0, 0)`,
        )
        .run(user, amount, `cli-key-${String((made += 1)).padStart(4, '0')}`).lastInsertRowid;
    });
  return { user: Number(user), deposit, withdrawal };
};

describe('operator CLI: wallet', () => {
  it('at a terminal, shows the record a decision moves money on and makes it only when told yes', async () => {
    const f = fixture();
    const d = String(f.deposit('10000000000'));
    const w = String(f.withdrawal('3000000000'));
    // Told no: nothing moves, and the exit code says nothing was done.
    const no = await runAnswering(false, 'deposits', 'confirm', d);
    expect(no.code).toBe(1);
    expect(no.asked).toEqual([`Confirm deposit #${d}, crediting the amount declared? [y/N] `]);
    expect(no.out).toContain(`#${d} pending user ${f.user} (cliuser1) 100.00000000 USDT`);
    expect(no.out).toMatch(/nothing done$/);
    const refused = await runAnswering(false, 'withdrawals', 'reject', w, 'withdraw_address_risk');
    expect(refused.asked).toEqual([`Reject withdrawal #${w}, releasing its amount? [y/N] `]);
    expect((await run('deposits', 'list')).out).toContain(`#${d} pending`);
    expect((await run('withdrawals', 'list')).out).toContain(`#${w} pending`);
    expect((await run('audit')).out).not.toMatch(/deposit\.success|withdrawal\.rejected/);
    // Told yes, it is made; --yes goes ahead without asking.
    const yes = await runAnswering(true, 'deposits', 'confirm', d, '99');
    expect(yes.code).toBe(0);
    expect(yes.asked).toEqual([`Confirm deposit #${d}, crediting 99? [y/N] `]);
    expect(yes.out).toContain('credited 99.00000000');
    const unasked = await runAnswering(false, 'withdrawals', 'approve', w, '--yes');
    expect(unasked.asked).toEqual([]);
    expect(unasked.code).toBe(0);
    // A record no longer waiting is not asked about: the refusal says what it is.
    const again = await runAnswering(true, 'deposits', 'confirm', d);
    expect(again.asked).toEqual([]);
    expect(again.code).toBe(1);
  });

  it('credits more than the user declared only when the operator says it is meant', async () => {
    const f = fixture();
    const id = String(f.deposit('10000000000'));
    // 1000 typed for the 100 declared: refused, nothing credited, the deposit still waits.
    const slip = await run('deposits', 'confirm', id, '1000');
    expect(slip.code).toBe(2);
    expect(slip.out).toMatch(
      /^1000 is more than the 100 declared: if the chain shows it, confirm again with --more-than-declared\n/,
    );
    expect((await run('deposits', 'list')).out).toContain(`#${id} pending`);
    expect((await run('audit')).out).not.toContain('deposit.success');
    // Less than declared, or the declared amount itself, needs no flag.
    const less = String(f.deposit('10000000000'));
    expect((await run('deposits', 'confirm', less, '99.5')).out).toContain('credited 99.50000000');
    const meant = await run('deposits', 'confirm', id, '1000', '--more-than-declared');
    expect(meant.code).toBe(0);
    expect(meant.out).toContain(`#${id} success user ${f.user} (cliuser1) 100.00000000 USDT`);
    expect(meant.out).toContain('credited 1000.00000000');
    // The flag goes after an amount, and nowhere else.
    expect((await run('deposits', 'confirm', id, '--more-than-declared')).code).not.toBe(0);
    expect((await run('deposits', 'confirm', less, '5', '--over')).code).toBe(2);
    // Each decision says in the usage what it does to the money and what the user is shown.
    expect((await run('deposits')).out).toMatch(
      /deposits fail ID REASON\.\.\.\s+nothing .* arrived: fail it,\s+nothing credited; the user sees the reason/,
    );
    expect((await run('withdrawals')).out).toMatch(
      /withdrawals approve ID \[TXHASH\]\s+once it is sent on chain: spend the frozen amount/,
    );
  });

  it('names the amount it refuses for a deposit, changing nothing', async () => {
    const id = String(fixture().deposit('10000000000'));
    const before = dbSnapshot(dataDir());
    expect(await run('deposits', 'confirm', id, 'abc')).toEqual({
      code: 1,
      out: 'refused: app.msg.amount_invalid (abc)',
    });
    // More places than any coin carries is more than this one's: said so, as for fewer too many.
    expect(await run('deposits', 'confirm', id, '0.001234567')).toEqual({
      code: 1,
      out: 'refused: amount: app.msg.amount_decimals (0.001234567)',
    });
    expect(await run('deposits', 'confirm', id, '99.1234567')).toEqual({
      code: 1,
      out: 'refused: amount: app.msg.amount_decimals (99.1234567)',
    });
    expect(dbSnapshot(dataDir())).toEqual(before);
  });

  it('lists the seeded networks and changes one, audited', async () => {
    const list = await run('wallet', 'networks');
    expect(list.out).toMatch(
      /^USDT\tTRC20\tpool 200 free 0 taken\tdeposit 10-1000000 on\twithdraw 10-100000 fee 1 on$/m,
    );
    expect(list.out).toMatch(/^XRP\tXRP\tr\w{33} memo 100000\tdeposit /m);
    expect((await run('wallet', 'set', 'USDT', 'TRC20', 'withdrawFee=2', 'withdrawEnabled=false')).code).toBe(
      0,
    );
    expect((await run('wallet', 'networks')).out).toMatch(/^USDT\tTRC20\t.*fee 2 off$/m);
    expect((await run('wallet', 'set', 'USDT', 'TRC20', 'minWithdraw=1')).out).toContain(
      'refused: app.msg.parameter_error (withdrawFee must be below minWithdraw)',
    );
    const unknownKey = await run('wallet', 'set', 'USDT', 'TRC20', 'colour=red');
    expect(unknownKey.code).toBe(2);
    // Said once, plainly: the key is no setting (no empty path before it).
    expect(unknownKey.out).toMatch(/^invalid settings: unknown key: colour$/m);
    // Each user's XRP deposit tag is counted from the base memo: one no payment carries is refused.
    expect(await run('wallet', 'set', 'XRP', 'XRP', 'memo=abc')).toMatchObject({
      code: 2,
      out: expect.stringMatching(/^invalid settings: memo: app\.msg\.destination_tag_invalid \(abc\)$/m),
    });
    expect((await run('wallet', 'networks')).out).toMatch(/^XRP\tXRP\tr\w{33} memo 100000\t/m);
    expect((await run('wallet', 'set', 'XRP', 'XRP', 'memo=4000000000')).code).toBe(0);
    expect((await run('wallet', 'set', 'USDT', 'TRC20', 'decimals=4')).out).toContain('"decimals":4');
    expect((await run('wallet', 'set', 'USDT', 'TRC20', 'decimals=9')).code).toBe(2);
    expect((await run('audit')).out).toMatch(/cli:\S+\twallet\.network\tnetwork:USDT:TRC20/);
  });

  it('loads deposit addresses into a network’s pool, checked, and reports the pool', async () => {
    const trc20 = ['TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'];
    expect((await run('wallet', 'addresses', 'add', 'usdt', 'trc20', ...trc20)).out).toBe(
      '2 added (0 already there); 202 free, 0 taken',
    );
    expect((await run('wallet', 'addresses', 'add', 'USDT', 'TRC20', trc20[0]!)).out).toBe(
      '0 added (1 already there); 202 free, 0 taken',
    );
    const bad = await run(
      'wallet',
      'addresses',
      'add',
      'USDT',
      'TRC20',
      '0x52908400098527886E0F7030069857D2E4169EE7',
    );
    expect(bad).toMatchObject({
      code: 1,
      out: 'refused: address: app.msg.address_invalid (0x52908400098527886E0F7030069857D2E4169EE7)',
    });
    expect((await run('audit')).out).toMatch(/wallet\.deposit_addresses\.add\twallet_network:USDT:TRC20/);
  });

  it('confirms a deposit once and reports the rest', async () => {
    const f = fixture();
    const id = String(f.deposit('2500000000'));
    expect((await run('deposits', 'list')).out).toContain(
      `#${id} pending user ${f.user} (cliuser1) 25.00000000 USDT on TRC20`,
    );
    expect((await run('deposits', 'confirm', id)).out).toContain(`#${id} success`);
    // Confirmed again: refused, saying what became of it rather than only that none is waiting.
    expect(await run('deposits', 'confirm', id)).toEqual({
      code: 1,
      out: expect.stringMatching(
        new RegExp(
          `^refused: app\\.msg\\.record_not_found\ndeposit #${id} is no longer waiting for review, it is success:\n#${id} success .* credited 25\\.00000000`,
        ),
      ),
    });
    expect((await run('deposits', 'fail', id, 'late')).out).toContain('it is success');
    expect(await run('deposits', 'confirm', '999')).toEqual({
      code: 1,
      out: 'refused: app.msg.record_not_found (no deposit #999)',
    });
    const below = String(f.deposit('2500000000'));
    expect((await run('deposits', 'confirm', below, '5')).out).toContain('fail');
    const failed = String(f.deposit('100'));
    // A reason of blanks is none: the user would be told nothing, as the API refuses too.
    expect(await run('deposits', 'fail', failed, ' ')).toMatchObject({
      code: 2,
      out: expect.stringMatching(/^REASON is empty\n/),
    });
    // A code of another kind of decision's catalogue is a slip: the user would read the bare code.
    expect(await run('deposits', 'fail', failed, 'withdraw_address_risk')).toMatchObject({
      code: 2,
      out: expect.stringContaining(
        "withdraw_address_risk is a reason for a withdrawal; a deposit's codes are deposit_not_received deposit_wrong_network",
      ),
    });
    expect((await run('deposits', 'list')).out).toContain(`#${failed} pending`);
    // Stored as the API stores it: without the marks that would turn the user's text around.
    const marked = await run('deposits', 'fail', failed, 'never', '\u202Earrived');
    expect(marked.out).toContain('(never arrived)');
    expect(marked.out).not.toContain('\u202E');
    expect((await run('deposits', 'list')).out).toBe('no deposits');
    expect((await run('deposits', 'confirm', 'x')).code).toBe(2);
    expect((await run('withdrawals', 'list')).out).toBe('no pending withdrawals');
    const w = String(f.withdrawal('3000000000'));
    // The payout's transaction, written as deposits keep theirs, is on the line.
    expect((await run('withdrawals', 'approve', w, `0x${'EF'.repeat(32)}`)).out).toMatch(
      new RegExp(
        `^#${w} success user ${f.user} \\(cliuser1\\) 30\\.00000000 USDT on TRC20 .* receives 29\\.00000000 tx ${'ef'.repeat(32)} `,
      ),
    );
    expect((await run('withdrawals', 'approve', '99')).out).toBe(
      'refused: app.msg.record_not_found (no withdrawal #99)',
    );
    const again = await run('withdrawals', 'reject', w, 'changed', 'my', 'mind');
    expect(again.code).toBe(1);
    expect(again.out).toContain(
      `withdrawal #${w} is no longer waiting for review, it is success:\n#${w} success`,
    );
    // Rejected, the line says the amount went back rather than what the address would receive.
    const back = String(f.withdrawal('2000000000'));
    const rejected = await run('withdrawals', 'reject', back, 'Address', 'under', 'review');
    expect(rejected.out).toMatch(
      new RegExp(`^#${back} rejected .* released to the user, nothing sent .*\\(Address under review\\)$`),
    );
    expect(rejected.out).not.toContain('receives');
    // One record's history, out of everyone's changes: by its target, as the log names it.
    const history = await run('audit', `withdrawal:${back}`);
    expect(history.code).toBe(0);
    expect(history.out.split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `\\tcli:\\S+\\twithdrawal\\.rejected\\twithdrawal:${back}\\t.*"note":"Address under review"`,
        ),
      ),
    ]);
    expect((await run('audit', '5', `withdrawal:${w}`)).out).toMatch(/withdrawal\.success\twithdrawal:\d+\t/);
    expect((await run('audit', 'withdrawal:999')).out).toBe('nothing in the audit log about withdrawal:999');
    expect((await run('audit', '5', 'withdrawal')).code).toBe(2);
    for (const verb of ['reject', 'fail'])
      expect((await run('withdrawals', verb, '99', ' ', ' ')).code).toBe(2);
  });

  it('pages the deposits and withdrawals listed, 200 a page, naming the command for the next', async () => {
    const f = fixture();
    const deposits = Array.from({ length: 201 }, () => Number(f.deposit('1000000000')));
    const withdrawals = Array.from({ length: 201 }, () => Number(f.withdrawal('1000000000')));
    const first = (await run('deposits', 'list', 'pending')).out.split('\n');
    expect(first).toHaveLength(201);
    expect(first[0]).toMatch(new RegExp(`^#${deposits[0]} pending `));
    expect(first[200]).toBe('(page 1: 200 shown; the next: deposits list pending --page=2)');
    expect((await run('deposits', 'list', '--page=2', 'pending')).out).toMatch(
      new RegExp(`^#${deposits[200]} pending [^\n]*$`),
    );
    expect((await run('deposits', 'list')).out).toContain('the next: deposits list --page=2)');
    expect((await run('deposits', 'list', '--page=3')).out).toBe('no deposits on page 3');
    const drawn = (await run('withdrawals', 'list', '--page=2')).out;
    expect(drawn).toMatch(new RegExp(`^#${withdrawals[200]} pending [^\n]*$`));
    expect((await run('withdrawals', 'list')).out).toContain(
      '(page 1: 200 shown; the next: withdrawals list pending --page=2)',
    );
    for (const args of [['--page=0'], ['--page=x'], ['pending', 'success'], ['--size=5']])
      expect((await run('withdrawals', 'list', ...args)).code, args.join(' ')).not.toBe(0);
  });

  it('names the user of each deposit and withdrawal listed', async () => {
    const alice = fixture('alice');
    const bob = fixture('bob');
    const deposits = [alice.deposit('1000000000'), bob.deposit('2000000000'), alice.deposit('3000000000')];
    const withdrawals = [bob.withdrawal('1500000000'), alice.withdrawal('1200000000')];
    expect((await run('deposits', 'list')).out.split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^#${deposits[0]} pending user ${alice.user} \\(alice\\) 10\\.`)),
      expect.stringMatching(new RegExp(`^#${deposits[1]} pending user ${bob.user} \\(bob\\) 20\\.`)),
      expect.stringMatching(new RegExp(`^#${deposits[2]} pending user ${alice.user} \\(alice\\) 30\\.`)),
    ]);
    expect((await run('withdrawals', 'list')).out.split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^#${withdrawals[0]} pending user ${bob.user} \\(bob\\) 15\\.`)),
      expect.stringMatching(new RegExp(`^#${withdrawals[1]} pending user ${alice.user} \\(alice\\) 12\\.`)),
    ]);
    expect((await run('deposits', 'fail', String(deposits[1]), 'never', 'arrived')).out).toMatch(
      new RegExp(`^#${deposits[1]} fail user ${bob.user} \\(bob\\) `),
    );
  });

  it('lists the app’s own reasons in English, and the operator’s words and unknown keys as kept', async () => {
    const f = fixture();
    const below = String(f.deposit('2500000000'));
    await run('deposits', 'confirm', below, '5');
    const lost = String(f.deposit('2500000000'));
    await run('deposits', 'fail', lost, 'deposit_not_received');
    const typed = String(f.deposit('2500000000'));
    await run('deposits', 'fail', typed, 'sent to the wrong address');
    const unknown = String(f.deposit('2500000000'));
    write((db) =>
      db
        .prepare(`update deposits set status = 'fail', note = 'app.data.no_such_text' where id = ?`)
        .run(unknown),
    );
    const deposits = (await run('deposits', 'list', 'fail')).out.split('\n');
    const line = (id: string) => deposits.find((l) => l.startsWith(`#${id} `));
    expect(line(below)).toContain(`(${en.app.data.deposit_below_min})`);
    expect(line(lost)).toContain(`(${en.app.data.reason_deposit_not_received})`);
    expect(line(typed)).toContain('(sent to the wrong address)');
    expect(line(unknown)).toContain('(app.data.no_such_text)');

    const w = String(f.withdrawal('3000000000'));
    expect((await run('withdrawals', 'reject', w, 'withdraw_address_risk')).code).toBe(0);
    const rejected = (await run('withdrawals', 'list', 'rejected')).out;
    expect(rejected).toMatch(new RegExp(`^#${w} rejected `));
    expect(rejected).toContain(`(${en.app.data.reason_withdraw_address_risk})`);
    expect(rejected).not.toContain('app.data.');
  });
});
