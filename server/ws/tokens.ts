/** Who a session token belongs to, for the gateway's `auth`; without a verifier no token is valid,
 * so private channels answer `app.msg.not_logged_in`. */
export interface TokenVerifier {
  verify(token: string): Promise<{ userId: number } | null>;
  /** A counter that moves whenever a session may have ended early (logout, password change, lock,
   * revocation, by this process or another): the gateway checks its sockets' tokens again when it
   * moves, and otherwise only now and then, for sessions that simply ran out. */
  epoch?(): Promise<number>;
}

export const noTokens: TokenVerifier = {
  verify: async () => null,
};
