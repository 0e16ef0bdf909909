import { withData } from '../wire/jsonText';
import type { WsClient } from './client';

interface Channel {
  /** The name the client knows (a private channel is keyed per user but named plainly). */
  name: string;
  seq: number;
  clients: Set<WsClient>;
}

/**
 * Channels and their subscribers. A message is serialised once per channel and the same string
 * goes to every subscriber; `seq` counts each channel's messages (or is the book's update id).
 */
export class ChannelHub {
  private readonly channels = new Map<string, Channel>();

  subscribe(client: WsClient, key: string, name = key) {
    let ch = this.channels.get(key);
    if (!ch) {
      ch = { name, seq: 0, clients: new Set() };
      this.channels.set(key, ch);
    }
    ch.clients.add(client);
    client.channels.add(key);
  }

  unsubscribe(client: WsClient, key: string) {
    this.leave(client, key);
    client.channels.delete(key);
  }

  drop(client: WsClient) {
    for (const key of client.channels) this.leave(client, key);
    client.channels.clear();
  }

  subscribers(key: string): number {
    return this.channels.get(key)?.clients.size ?? 0;
  }

  private leave(client: WsClient, key: string) {
    const ch = this.channels.get(key);
    if (!ch) return;
    ch.clients.delete(client);
    // Per-user channels come and go with their users; public ones keep their seq running.
    if (ch.clients.size === 0 && ch.name !== key) this.channels.delete(key);
  }

  publish(key: string, data: unknown, opts: { seq?: number; ts?: number } = {}) {
    const ch = this.channels.get(key);
    if (!ch) return;
    ch.seq = opts.seq ?? ch.seq + 1;
    if (ch.clients.size === 0) return;
    // Encoded once: every subscriber is sent the same bytes, not its own copy of the text. Data may
    // arrive encoded already (`JsonText`), and is embedded as it is.
    const frame = Buffer.from(
      withData(JSON.stringify({ ch: ch.name, seq: ch.seq, ts: opts.ts ?? Date.now() }), data),
    );
    for (const client of ch.clients) client.send(frame);
  }
}
