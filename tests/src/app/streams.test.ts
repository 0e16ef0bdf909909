import { Server, WebSocket as MockWebSocket } from 'mock-socket';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WS_PATH } from '../../../protocol/ws';
import type * as Streams from '../../../src/app/streams';
import type * as Session from '../../../src/state/session';
import type { StoredUser } from '../../../src/state/session';
import { refreshUserInfo } from '../../../src/api/refreshUser';

vi.mock('../../../src/api/refreshUser', () => ({ refreshUserInfo: vi.fn(async () => undefined) }));

const USER: StoredUser = { token: 'tok-7f3a', userinfo: { certification: null } };
const NOT_LOGGED_IN = { code: 0, msg: 'app.msg.not_logged_in', data: null };

let streams: typeof Streams;
let session: typeof Session;
let server: Server;

beforeAll(async () => {
  // streams.ts builds the app's socket on import with window.WebSocket, and a logout makes it
  // reconnect. jsdom's WebSocket would dial a real port on localhost (whatever happens to listen
  // there); mock-socket keeps that connection inside the test. Stubbed before the import, which
  // reads the class once.
  server = new Server(`ws://${window.location.host}${WS_PATH}`);
  vi.stubGlobal('WebSocket', MockWebSocket);
  streams = await import('../../../src/app/streams');
  session = await import('../../../src/state/session');
});

afterAll(() => {
  streams.transport.close();
  server.stop();
  vi.unstubAllGlobals();
});

/** A private snapshot loader that answers from its arguments, so the call can be checked whole. */
const loader = () => vi.fn(async (pair: string, page: number) => ({ pair, page, rows: ['order-1'] }));

describe('whileLoggedIn', () => {
  it('refuses without asking anything while no one is logged in', async () => {
    const load = loader();
    const guarded = streams.whileLoggedIn(load);
    await expect(guarded('btcusdt', 1)).rejects.toEqual(NOT_LOGGED_IN);
    expect(load).not.toHaveBeenCalled();
  });

  it('asks while a user is logged in and stops again at the logout', async () => {
    const load = loader();
    const guarded = streams.whileLoggedIn(load);

    session.setUser(USER);
    await expect(guarded('ethusdt', 3)).resolves.toEqual({ pair: 'ethusdt', page: 3, rows: ['order-1'] });
    expect(load).toHaveBeenCalledExactlyOnceWith('ethusdt', 3);

    session.clearUser();
    await expect(guarded('ethusdt', 4)).rejects.toEqual(NOT_LOGGED_IN);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('stops at a logout made in another tab, seen only in storage', async () => {
    const load = loader();
    const guarded = streams.whileLoggedIn(load);
    session.setUser(USER);
    await guarded('btcusdt', 1);

    // The other tab removes the stored user; this tab's session state still holds it.
    localStorage.removeItem('user');
    expect(session.sessionState.user).toEqual(USER);
    await expect(guarded('btcusdt', 2)).rejects.toEqual(NOT_LOGGED_IN);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('a session the server ended', () => {
  it('asks for the user info when the socket says the session expired, so its 401 logs the reader out', async () => {
    session.setUser(USER);
    const watching = streams.transport.channel$('orders').subscribe();
    await vi.waitFor(() => expect(server.clients().length).toBeGreaterThan(0));
    const [socket] = server.clients();
    // A channel's own refusal is not the session's end.
    socket!.send(JSON.stringify({ op: 'error', msg: 'app.msg.session_expired', ch: 'orders' }));
    socket!.send(JSON.stringify({ op: 'error', msg: 'app.msg.subscription_limit' }));
    expect(refreshUserInfo).not.toHaveBeenCalled();
    socket!.send(JSON.stringify({ op: 'error', msg: 'app.msg.session_expired' }));
    await vi.waitFor(() => expect(refreshUserInfo).toHaveBeenCalledTimes(1));
    watching.unsubscribe();
    session.clearUser();
  });
});
