/** A users row as the migrations' tests insert it: just its required columns, `id` in each. */
export const userRow = (id: number, over: { phone?: string | null } = {}) => ({
  id,
  username: `u${id}`,
  username_key: `u${id}`,
  nickname: `u${id}`,
  email: `u${id}@example.com`,
  password_hash: 'x',
  invite_code: `INV${id}`,
  created_at: 1,
  ...over,
});
