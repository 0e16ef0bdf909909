import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { sayAtFields, type FieldRefusals } from '../api/fieldRefusals';
import { useFocusRefused } from './useFocusRefused';

type Errors<T> = Partial<Record<keyof T & string, string>>;

/** A text field bound to a form: spread on a `TextField`. */
export interface FieldBinding {
  value: string;
  onChange: (text: string) => void;
  error: string | undefined;
}

/** What a component handed part of a form needs of it: its text fields `K`, bound. */
export interface TextFields<K extends string> {
  field: (key: K, typed?: (text: string) => string) => FieldBinding;
  /** Empties a field and keeps what was said of it: a captcha's answer, emptied with each new
   * picture, still says why the last one was refused. */
  empty: (key: K) => void;
}

/** The fields of a form that hold text (or, when optional, may not be there yet: shown empty). */
type TextKeys<T> = { [K in keyof T & string]-?: NonNullable<T[K]> extends string ? K : never }[keyof T &
  string];

interface SubmitOptions<K extends string = string> {
  /** A successful send takes the reader away from the form (it navigates, or goes back): the form
   * then stays busy until it is gone. Released, a tap in the moment before the next screen is up
   * (a lazily loaded screen can take a while) sent the request again, under a new idempotency key,
   * since the first had been answered: a fast double tap declared a deposit twice. */
  leaves?: boolean;
  /** The server's refusals said under a field (until it is edited) instead of in a toast. */
  atFields?: FieldRefusals<K>;
}

/** The `app.msg.*` key of the first rule each field breaks, of a schema's answer. */
const fieldErrors = <T>(result: z.ZodSafeParseResult<unknown>): Errors<T> => {
  const said: Errors<T> = {};
  if (result.success) return said;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as keyof T & string;
    if (field && !said[field])
      said[field] = issue.message.startsWith('app.msg.') ? issue.message : 'app.msg.parameter_error';
  }
  return said;
};

/**
 * Form state checked by the same protocol schema the server applies: a field's error is the
 * `app.msg.*` key of the first rule it breaks. `submit` runs once at a time, so a double tap sends
 * one request.
 */
export const useForm = <S extends z.ZodType<Record<string, unknown>>>(schema: S, initial: z.input<S>) => {
  type Values = z.input<S>;
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Errors<Values>>({});
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const focusRefused = useFocusRefused();

  const set = useCallback(<K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...(v as object), [key]: value }) as Values);
    setErrors((e) => ({ ...e, [key]: undefined }));
  }, []);

  // What the schema said of each field at the last submit. A rule between two fields (the
  // confirmation matches the password) is said under one of them, and editing the other can make it
  // true: the mark stayed on a confirmation that by then matched until it was typed in itself.
  const schemaSaid = useRef<Errors<Values>>({});
  useEffect(() => {
    const now = fieldErrors<Values>(schema.safeParse(values));
    setErrors((e) => {
      const gone = (Object.keys(e) as (keyof Values & string)[]).filter(
        (f) => e[f] !== undefined && e[f] === schemaSaid.current[f] && now[f] !== e[f],
      );
      if (!gone.length) return e;
      const next = { ...e };
      for (const f of gone) next[f] = undefined;
      return next;
    });
  }, [schema, values]);

  const validate = useCallback((): z.output<S> | null => {
    const result = schema.safeParse(values);
    if (result.success) {
      schemaSaid.current = {};
      setErrors({});
      return result.data;
    }
    const next = fieldErrors<Values>(result);
    schemaSaid.current = next;
    setErrors(next);
    return null;
  }, [schema, values]);

  const submit = useCallback(
    async (
      send: (data: z.output<S>) => Promise<unknown>,
      { leaves = false, atFields = {} }: SubmitOptions<keyof Values & string> = {},
    ) => {
      if (busy.current) return;
      const data = validate();
      if (!data) {
        // A phone's browser may not focus a tapped button: then the page is the form.
        const within = document.activeElement?.closest('form') ?? document;
        focusRefused(within);
        return;
      }
      busy.current = true;
      setSubmitting(true);
      try {
        await sayAtFields(
          () => send(data),
          atFields,
          (field, key) => setErrors((e) => ({ ...e, [field]: key })),
        );
        if (leaves) return;
      } catch {
        // Said under its field, or already shown by the REST client.
      }
      busy.current = false;
      setSubmitting(false);
    },
    [validate, focusRefused],
  );

  /** A text field's value, change handler and error, to spread on a `TextField`; `typed` turns
   * what was typed into what the form keeps (trimmed, a plain decimal). */
  const field = <K extends TextKeys<Values>>(
    key: K,
    typed: (text: string) => string = (text) => text,
  ): FieldBinding => ({
    value: (values[key] ?? '') as string,
    onChange: (text: string) => set(key, typed(text) as Values[K]),
    error: errors[key],
  });

  const empty = useCallback((key: TextKeys<Values>) => {
    setValues((v) => ({ ...(v as object), [key]: '' }) as Values);
  }, []);

  return { values, errors, set, field, empty, submit, submitting, setErrors };
};
