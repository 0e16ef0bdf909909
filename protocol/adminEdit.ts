import { z } from 'zod';

/** An edit of the record `id` names: at least one field to change (parameter_error otherwise), as
 * the CLI asks for an option; one with none would be an audited change of nothing. */
export const edit = <T extends z.ZodRawShape>(shape: T) =>
  z
    .strictObject(shape)
    .refine(
      (v) => Object.entries(v).some(([key, value]) => key !== 'id' && value !== undefined),
      'app.msg.parameter_error',
    );
