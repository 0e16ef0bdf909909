import { z } from 'zod';

export const limitDataSchema = z.object({ message: z.string(), value: z.string() });

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });
