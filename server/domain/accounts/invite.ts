import {
  INVITEE_PAGE_SIZE,
  type Invite,
  type InviteGeneration,
  type InviteePage,
  type InviteesRequest,
  type InviteMember,
} from '../../../protocol';
import type { AccountDeps } from './deps';
import type { Invitee } from './ports';
import { getUser } from './profile';
import { isApproved } from './userinfo';

/** The first two and last two characters of a username, the middle as four stars (whatever its
 * length, so the length does not show either). */
const maskUsername = (name: string) =>
  name.length <= 4 ? `${name[0] ?? ''}****` : `${name.slice(0, 2)}****${name.slice(-2)}`;

const member = (u: Invitee): InviteMember => ({
  id: u.id,
  username: maskUsername(u.username),
  registeredAt: u.createdAt,
  certified: isApproved(u.certification),
});

/** One page of my referrals of a generation, newest first: first generation registered with my
 * code, second generation with theirs. */
export const listInvitees = async (
  deps: AccountDeps,
  userId: number,
  query: InviteesRequest,
): Promise<InviteePage> => {
  const page = query.page ?? 1;
  const size = query.size ?? INVITEE_PAGE_SIZE;
  const { rows, total } = await deps.uow.store.users.invitees(userId, query.generation, {
    offset: (page - 1) * size,
    limit: size,
  });
  return { page, size, total, list: rows.map(member) };
};

/** My invitation code and how many members each generation has; the members themselves come a
 * page at a time from `listInvitees`. */
export const getInvite = async (deps: AccountDeps, userId: number): Promise<Invite> => {
  const user = await getUser(deps, userId);
  const total = async (generation: InviteGeneration) =>
    (await deps.uow.store.users.invitees(userId, generation, { offset: 0, limit: 0 })).total;
  const [firstTotal, secondTotal] = await Promise.all([total('first'), total('second')]);
  return { inviteCode: user.inviteCode, firstTotal, secondTotal };
};
