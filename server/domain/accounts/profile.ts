import type { UserInfo } from '../../../protocol';
import type { AccountDeps } from './deps';
import { fail } from './errors';
import { UniqueViolation } from './ports';
import { toUserInfo } from './userinfo';

export const getUser = async (deps: AccountDeps, userId: number) => {
  const user = await deps.uow.store.users.findById(userId);
  if (!user) throw fail('account_not_exist');
  return user;
};

export const getUserInfo = async (deps: AccountDeps, userId: number): Promise<UserInfo> =>
  toUserInfo(await getUser(deps, userId));

/** Changes the nickname; one someone else goes by, or one that looks the same as theirs
 * (`nameKey`, `nicknameSkeleton`, `foldedNicknameSkeleton`), → nickname_exists. The owner's own in another case, width or
 * script is a change. */
export const updateNickname = async (
  deps: AccountDeps,
  userId: number,
  nickname: string,
): Promise<UserInfo> => {
  const user = await getUser(deps, userId);
  if (user.nickname === nickname) return toUserInfo(user);
  if (await deps.uow.store.users.findByNickname(nickname, userId)) throw fail('nickname_exists');
  try {
    await deps.uow.store.users.update(userId, { nickname });
  } catch (e) {
    if (e instanceof UniqueViolation) throw fail('nickname_exists');
    throw e;
  }
  return getUserInfo(deps, userId);
};
