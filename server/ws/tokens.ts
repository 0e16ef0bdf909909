export interface TokenOwner {
  userId: number;
}

/** Who a session token belongs to, for the gateway's `auth`. */
export interface TokenVerifier {
  /** The token's user; null when it is no session (unknown, ended, expired, locked). Rejects when
   * it could not be checked (the database failing a moment), which is not the same thing. */
  verify(token: string): Promise<TokenOwner | null>;
  /** A counter that moves whenever a session may have ended early (logout, password change, lock,
   * revocation, by this process or another): the gateway checks its sockets' tokens again when it
   * moves, and otherwise only now and then, for sessions that simply ran out. */
  epoch?(): Promise<number>;
}
