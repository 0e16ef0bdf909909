import type { Envelope } from '../../protocol/envelope';

/** A fresh idempotency key (getRandomValues works on plain http too, where randomUUID does not). */
export const newRequestKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** Whether a failed request was answered by the server with a refusal, so nothing was done and a
 * new attempt is a new order. A failure the client made itself (no answer, a timeout, an answer
 * it could not read: code 0) or a server fault (5xx) leaves it unknown whether the order was
 * placed. */
export const isRefusal = (failure: unknown): boolean => {
  const code = (failure as Partial<Envelope> | undefined)?.code;
  return typeof code === 'number' && code > 0 && (code < 500 || code >= 1000);
};

/**
 * One key per intended request (an order, a contract, a pledge, a deposit declaration). Asked again
 * for the same intent (the same request, as the form holds it) it gives the same key, so a tap
 * after a lost answer reaches what may already be done instead of doing it twice; another intent,
 * or a request the server has answered (done or refused), gets a new key.
 */
export const createIntentKeys = () => {
  let held: { intent: string; key: string } | undefined;
  const keyFor = (intent: string): string => {
    if (held?.intent !== intent) held = { intent, key: newRequestKey() };
    return held.key;
  };
  return {
    /** Sends the request of `intent` under its key. Once the server has answered it, placed or
     * refused, the next request, even the same one again, is a new one; after no answer it keeps
     * the key. */
    async send<T>(intent: string, request: (key: string) => Promise<T>): Promise<T> {
      try {
        const answer = await request(keyFor(intent));
        held = undefined;
        return answer;
      } catch (err) {
        if (isRefusal(err)) held = undefined;
        throw err;
      }
    },
  };
};
