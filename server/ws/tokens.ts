/** Who a session token belongs to. The accounts work implements it; until then no token is valid,
 * so private channels answer `app.msg.not_logged_in`. */
export interface TokenVerifier {
  verify(token: string): Promise<{ userId: number } | null>;
}

export const noTokens: TokenVerifier = {
  verify: async () => null,
};
