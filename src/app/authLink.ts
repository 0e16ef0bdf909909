/** What the login and registration screens hand on to each other: where to go once signed in, and
 * the invitation code a link brought, which a friend going to "Log in" and back to "Sign up" lost
 * (and registered as nobody's invitee). */
const CARRIED = ['redirect', 'code'] as const;

/** `path` with the carried parameters of the screen's own address, or as `held` has them now (the
 * code as typed). */
export const authLink = (
  path: string,
  params: URLSearchParams,
  held: Partial<Record<(typeof CARRIED)[number], string | undefined>> = {},
) => {
  const kept = new URLSearchParams();
  for (const key of CARRIED) {
    const value = key in held ? held[key] : params.get(key);
    if (value) kept.set(key, value);
  }
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
};
