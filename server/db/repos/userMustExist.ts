import type { Kysely } from 'kysely';
import { AppError } from '../../domain/appError';
import type { Database } from '../schema';
import { usersRepo } from './users';

/** For an operator's list about one user that came back empty: nobody of that id is
 * account_not_exist, where an empty list would let a mistyped id read as a user with nothing. */
export const userMustExist = async (db: Kysely<Database>, userId: number) => {
  if (!(await usersRepo(db).findById(userId))) throw new AppError('account_not_exist');
};
