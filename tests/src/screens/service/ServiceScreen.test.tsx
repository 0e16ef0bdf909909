import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Server, WebSocket as MockWebSocket, type Client } from 'mock-socket';
import type { ComponentType } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SITE_CONFIG } from '../../../../server/db/seed/defaults';
import type { ClientMessage, ServiceMessage } from '../../../../protocol';
import { SERVICE_CHANNEL, WS_PATH } from '../../../../protocol/ws';
import { helpApi } from '../../../../src/api/help';
import type * as Streams from '../../../../src/app/streams';
import { configState } from '../../../../src/state/config';
import type * as ConfigModule from '../../../../src/state/config';
import { clearUser, setUser } from '../../../../src/state/session';
import { setupI18n } from '../../../setup/i18n';
import { renderScreen } from '../renderScreen';

/** The thread as the server holds it: what the REST calls answer. */
const thread = vi.hoisted(() => [] as ServiceMessage[]);
vi.mock('../../../../src/api/help', () => ({
  helpApi: {
    messages: vi.fn(async () => [...thread]),
    send: vi.fn(async (body: string) => {
      thread.push({ id: thread.length + 1, from: 'user', body, createdAt: 1 });
      return [...thread];
    }),
  },
}));
vi.mock('../../../../src/state/config', async (orig) => ({
  ...(await orig<typeof ConfigModule>()),
  loadSiteConfig: vi.fn(async () => null),
}));

let streams: typeof Streams;
let ServiceScreen: ComponentType;
let server: Server;
/** The app's socket as the stand-in server holds it, and what it has sent. */
let socket: Client | undefined;
const sent: ClientMessage[] = [];

beforeAll(async () => {
  await setupI18n();
  // The app's socket is built on import from window.WebSocket: mock-socket is stubbed in before
  // the screen is imported, and stands in for the server.
  server = new Server(`ws://${window.location.host}${WS_PATH}`);
  server.on('connection', (s) => {
    socket = s;
    s.on('message', (data) => {
      const msg = JSON.parse(String(data)) as ClientMessage;
      sent.push(msg);
      if (msg.op === 'ping') s.send(JSON.stringify({ op: 'pong', ts: msg.ts, serverTs: msg.ts }));
    });
  });
  vi.stubGlobal('WebSocket', MockWebSocket);
  streams = await import('../../../../src/app/streams');
  ServiceScreen = (await import('../../../../src/screens/service/ServiceScreen')).default;
});

afterAll(() => {
  streams.transport.close();
  server.stop();
  vi.unstubAllGlobals();
});

let logins = 0;
beforeEach(() => {
  vi.clearAllMocks();
  configState.config = { ...DEFAULT_SITE_CONFIG, custom: '' };
  thread.splice(0, thread.length, { id: 1, from: 'operator', body: 'How can we help?', createdAt: 0 });
});
afterEach(() => clearUser());

/** Logs a new session in (each test's thread is its own, not one still warm from the test
 * before) and opens /service. */
const openThread = async () => {
  const token = `token-${++logins}`;
  setUser({ token, userinfo: { id: 1 } as never });
  renderScreen(<ServiceScreen />);
  expect(await screen.findByText('How can we help?')).toBeInTheDocument();
  return token;
};

/** The socket is open, logged in as `token` and subscribed to the thread's channel. */
const subscribed = (token: string) =>
  waitFor(() => {
    const auth = sent.findLastIndex((m) => m.op === 'auth');
    expect(sent[auth]).toEqual({ op: 'auth', token });
    expect(sent.slice(auth).some((m) => m.op === 'sub' && m.ch.includes(SERVICE_CHANNEL))).toBe(true);
  });

let seq = 0;
const push = (message: ServiceMessage) =>
  socket!.send(JSON.stringify({ ch: SERVICE_CHANNEL, seq: ++seq, ts: 0, data: message }));

describe('/service', () => {
  it('links out when the site configures a service link', () => {
    configState.config = { ...DEFAULT_SITE_CONFIG, custom: 'https://chat.example.com/acme' };
    renderScreen(<ServiceScreen />);
    expect(screen.getByRole('link', { name: 'Open the customer service chat' })).toHaveAttribute(
      'href',
      'https://chat.example.com/acme',
    );
  });

  it('asks a visitor to log in', async () => {
    renderScreen(<ServiceScreen />);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fservice',
    );
  });

  it('sends a message in the thread', async () => {
    const user = userEvent.setup();
    await openThread();
    await user.type(screen.getByLabelText('Your message'), 'Where is my deposit?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByText('Where is my deposit?')).toBeInTheDocument());
    expect(helpApi.send).toHaveBeenCalledWith('Where is my deposit?');
    expect(screen.getByLabelText('Your message')).toHaveValue('');
  });

  it('counts the message and keeps a long one whole, not sending it', async () => {
    const user = userEvent.setup();
    await openThread();
    expect(screen.getByText('0/1000')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Your message'));
    await user.paste('x'.repeat(1001));
    expect(screen.getByLabelText('Your message')).toHaveValue('x'.repeat(1001));
    expect(screen.getByText('1001/1000')).toHaveClass('field__count--over');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Too many characters')).toBeInTheDocument();
    expect(helpApi.send).not.toHaveBeenCalledWith('x'.repeat(1001));
  });

  it('says a message the server finds too long under it', async () => {
    vi.mocked(helpApi.send).mockRejectedValueOnce({ code: 400, msg: 'app.msg.text_too_long', data: null });
    const user = userEvent.setup();
    await openThread();
    const message = screen.getByLabelText('Your message');
    await user.type(message, 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(message).toHaveAttribute('aria-invalid', 'true'));
    expect(message).toHaveAccessibleDescription('Too many characters');
    expect(message).toHaveValue('Hello');
  });

  it('shows a reply pushed on the socket, in order and once, without asking the server', async () => {
    const token = await openThread();
    await subscribed(token);
    const reads = vi.mocked(helpApi.messages).mock.calls.length;
    push({ id: 3, from: 'operator', body: 'Your deposit is confirmed.', createdAt: 3 });
    // The user's own message from another tab, pushed after the reply it was written before.
    push({ id: 2, from: 'user', body: 'Where is my deposit?', createdAt: 2 });
    push({ id: 3, from: 'operator', body: 'Your deposit is confirmed.', createdAt: 3 });
    await waitFor(() => expect(screen.getByText('Where is my deposit?')).toBeInTheDocument());
    expect(screen.getAllByText('Your deposit is confirmed.')).toHaveLength(1);
    const bodies = [...document.querySelectorAll('.service-msg__body')].map((p) => p.textContent);
    expect(bodies).toEqual(['How can we help?', 'Where is my deposit?', 'Your deposit is confirmed.']);
    expect(helpApi.messages).toHaveBeenCalledTimes(reads);
  });

  it('reads what it missed while the socket was down once it is back', async () => {
    const token = await openThread();
    await subscribed(token);
    socket!.close();
    thread.push({ id: 2, from: 'operator', body: 'Written while you were away.', createdAt: 2 });
    expect(await screen.findByText('Written while you were away.')).toBeInTheDocument();
    await subscribed(token);
  });

  // The thread is polled while the socket is down; a reader waiting for an answer was not told that
  // it might come late, or not until the connection is back.
  it('says while the socket is down that the connection is lost, and no more once it is back', async () => {
    const token = await openThread();
    await subscribed(token);
    expect(screen.queryByTestId('connection-banner')).toBeNull();
    socket!.close();
    // Of messages, not of the prices and balances the other screens' banner speaks of.
    expect(await screen.findByTestId('connection-banner')).toHaveTextContent(
      'Reconnecting… New messages still arrive every few seconds.',
    );
    await subscribed(token);
    await waitFor(() => expect(screen.queryByTestId('connection-banner')).toBeNull());
  });
});
