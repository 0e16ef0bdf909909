import type { Invite } from '../../../protocol';
import type { AccountDeps } from './deps';
import type { UserRecord } from './ports';
import { getUser } from './profile';
import { isApproved } from './userinfo';

/** The first two and last two characters of a username, the middle as four stars (whatever its
 * length, so the length does not show either). */
const maskUsername = (name: string) =>
  name.length <= 4 ? `${name[0] ?? ''}****` : `${name.slice(0, 2)}****${name.slice(-2)}`;

const member = (u: UserRecord) => ({
  username: maskUsername(u.username),
  registeredAt: u.createdAt,
  certified: isApproved(u.certification),
});

/** My invitation code and my referrals: first generation registered with my code, second
 * generation with theirs. */
export const getInvite = async (deps: AccountDeps, userId: number): Promise<Invite> => {
  const user = await getUser(deps, userId);
  const first = await deps.uow.store.users.listInvitedBy([userId]);
  const second = await deps.uow.store.users.listInvitedBy(first.map((u) => u.id));
  return { inviteCode: user.inviteCode, first: first.map(member), second: second.map(member) };
};
