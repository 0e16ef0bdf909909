import { JsonText, type Json } from '../../../server/wire/jsonText';

/** The value of a view as the routes and listeners receive it, whichever form it came in. */
export const decoded = <T>(v: Json<T>): T => (v instanceof JsonText ? (JSON.parse(v.text) as T) : v);
