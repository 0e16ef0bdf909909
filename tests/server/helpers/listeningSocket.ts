import WebSocket from 'ws';
import { isChannelMessage, type ServerMessage } from '../../../protocol';

/** Waits until `done` holds, checking every 10 ms, for at most `ms`. */
export const until = async (done: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** A socket on the gateway at `url` that keeps what it hears; `settled` waits until the server has
 * answered everything sent before it (it answers in order: a ping's pong comes after them). */
export const listeningSocket = async (url: string) => {
  const ws = new WebSocket(url);
  const heard: ServerMessage[] = [];
  ws.on('message', (d) => heard.push(JSON.parse(d.toString()) as ServerMessage));
  await new Promise((r) => ws.once('open', r));
  let pings = 0;
  const send = (m: object) => ws.send(JSON.stringify(m));
  const settled = async () => {
    const ts = ++pings;
    send({ op: 'ping', ts });
    await until(() => heard.some((m) => 'op' in m && m.op === 'pong' && m.ts === ts));
  };
  /** The messages heard on channel `ch`, in order. */
  const on = (ch: string) => heard.filter((m) => isChannelMessage(m) && m.ch === ch);
  return { ws, heard, send, settled, on };
};
