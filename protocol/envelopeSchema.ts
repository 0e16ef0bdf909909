import { z } from 'zod';

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

/** A query or body that carries nothing: a field sent anyway is refused (`unknown_parameter`)
 * rather than ignored, as every other schema refuses fields it does not name. */
export const noFieldsSchema = z.strictObject({});
