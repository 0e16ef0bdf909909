import { z } from 'zod';
import { MAX_SUBSCRIPTIONS } from './ws';

const channels = z.array(z.string().min(1).max(64)).min(1).max(MAX_SUBSCRIPTIONS);

export const clientMessageSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('sub'), ch: channels }),
  z.strictObject({ op: z.literal('unsub'), ch: channels }),
  z.strictObject({ op: z.literal('auth'), token: z.string().min(1).max(512) }),
  z.strictObject({ op: z.literal('ping'), ts: z.number().int() }),
]);

/** A channel message (`ChannelMessage`) of channel `ch` whose data `data` describes. */
export const channelMessageSchema = <D extends z.ZodType>(ch: string, data: D) =>
  z.strictObject({ ch: z.literal(ch), seq: z.number().int().min(1), ts: z.number().int(), data });
