import { LIMIT_CODES, isLimitData, type Envelope } from '../../protocol/envelope';
import { claimFailures, isEnvelope } from './client';

/** The server's refusals a form says under one of its fields: each field with the `app.msg.*` keys
 * that are about it alone (a wrong old password, a wrong code, an amount past a limit). A field
 * listed here also takes any refusal whose `data.field` names it. */
export type FieldRefusals<K extends string> = Partial<Record<K, readonly string[]>>;

/** The key a refusal says: a limit failure's is its `data.message` (its limit is the form's to add). */
const refusalKey = (failure: Envelope) =>
  LIMIT_CODES.includes(failure.code) && isLimitData(failure.data) ? failure.data.message : failure.msg;

const namedField = (failure: Envelope) => {
  const data = failure.data as { field?: unknown } | null;
  return typeof data?.field === 'string' ? data.field : undefined;
};

/** The field of `fields` a failure is about, if any. */
const refusalField = <K extends string>(failure: unknown, fields: FieldRefusals<K>): K | undefined => {
  if (!isEnvelope(failure)) return undefined;
  const key = refusalKey(failure);
  const named = namedField(failure);
  return (Object.keys(fields) as K[]).find((field) => field === named || fields[field]!.includes(key));
};

/**
 * Runs `send`; a refusal about one of `fields` is handed to `onField` (to be said under that field)
 * instead of toasted, and thrown on as any failure is. Every other failure is shown as before: a
 * lost connection, a frozen account or a pause after too many tries concern the whole action.
 */
export const sayAtFields = async <T, K extends string>(
  send: () => Promise<T>,
  fields: FieldRefusals<K>,
  onField: (field: K, key: string, failure: Envelope) => void,
): Promise<T> => {
  const release = claimFailures((failure) => refusalField(failure, fields) !== undefined);
  try {
    return await send();
  } catch (failure) {
    const field = refusalField(failure, fields);
    if (field) onField(field, refusalKey(failure as Envelope), failure as Envelope);
    throw failure;
  } finally {
    release();
  }
};
