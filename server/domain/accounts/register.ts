import { randomInt } from 'node:crypto';
import { phoneKey, suffixedNickname, type RegisterRequest, type Session } from '../../../protocol';
import { spendCode, usingCode } from './codes';
import type { AccountDeps } from './deps';
import { fail } from './errors';
import { UniqueViolation, type AccountStore } from './ports';
import { hashPassword, newInviteCode } from './secrets';
import { openSession } from './sessions';
import { toUserInfo } from './userinfo';

interface Candidate {
  username: string;
  email: string;
  phone: string | null;
  nickname: string | null;
}

/** The first field of the candidate another account already holds, as its catalogued error. */
const duplicateOf = async (store: AccountStore, c: Candidate) => {
  if (await store.users.findByUsername(c.username)) return fail('username_exists');
  if (await store.users.findByEmail(c.email)) return fail('email_exists');
  if (c.phone && (await store.users.findByPhone(c.phone))) return fail('mobile_exists');
  if (c.nickname && (await store.users.findByNickname(c.nickname))) return fail('nickname_exists');
  return null;
};

/** The username as nickname; when someone already goes by it (or by one that looks the same), the
 * username with a short suffix. */
const defaultNickname = async (store: AccountStore, username: string) => {
  if (!(await store.users.findByNickname(username))) return username;
  for (let i = 0; i < 20; i++) {
    const candidate = suffixedNickname(username, randomInt(10_000));
    if (!(await store.users.findByNickname(candidate))) return candidate;
  }
  throw fail('nickname_exists');
};

const uniqueInviteCode = async (store: AccountStore) => {
  for (;;) {
    const code = newInviteCode();
    if (!(await store.users.findByInviteCode(code))) return code;
  }
};

/**
 * Registration: the code sent to the email address first (a try counts, as with every code, so
 * nothing is told to anyone without one), then the invitation code, then the unique fields. A
 * refusal for any of those gives the code's try back (usingCode). The user row, its first session
 * and the code's use are written in one transaction, so a code makes one account.
 */
export const register = async (deps: AccountDeps, req: RegisterRequest): Promise<Session> => {
  const email = req.email.toLowerCase();
  const code = await spendCode(deps, email, 'register', req.code, req.codeTicket);
  return usingCode(deps, code, () => createAccount(deps, req, email, code.id));
};

/** The account, once its address is proven by the code `codeId`. A unique constraint that a
 * concurrent registration won is answered with the same catalogued error as the checks before. */
const createAccount = async (
  deps: AccountDeps,
  req: RegisterRequest,
  email: string,
  codeId: number,
): Promise<Session> => {
  const { store } = deps.uow;
  const candidate: Candidate = {
    username: req.username,
    email,
    phone: req.phone ? phoneKey(req.phone) : null,
    nickname: req.nickname ?? null,
  };
  const inviter = req.inviteCode ? await store.users.findByInviteCode(req.inviteCode) : undefined;
  if (req.inviteCode && !inviter) throw fail('invite_code_not_exist');
  const duplicate = await duplicateOf(store, candidate);
  if (duplicate) throw duplicate;
  const passwordHash = await hashPassword(req.password, deps.settings.scryptN);
  try {
    return await deps.uow.transaction(async (tx) => {
      // Conditional: of two registrations with one code only one gets here.
      if (!(await tx.codes.consume(codeId, deps.clock()))) throw fail('captcha_incorrect');
      const id = await tx.users.insert({
        username: candidate.username,
        nickname: candidate.nickname ?? (await defaultNickname(tx, candidate.username)),
        email: candidate.email,
        phone: candidate.phone,
        inviteCode: await uniqueInviteCode(tx),
        inviterId: inviter?.id ?? null,
        certification: null,
        passwordHash,
        createdAt: deps.clock(),
      });
      const token = await openSession(deps, tx, 'user', id);
      const user = await tx.users.findById(id);
      return { token, userinfo: toUserInfo(user!) };
    });
  } catch (e) {
    if (e instanceof UniqueViolation) throw (await duplicateOf(store, candidate)) ?? fail('account_exists');
    throw e;
  }
};
