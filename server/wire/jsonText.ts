/**
 * A value already encoded as JSON, embedded as it is where an answer or a channel message carries
 * it. An order's view is made on the spot thread and answered and told of on the main thread: as a
 * text it crosses threads as one string, where an object crossed as a score of fields that the main
 * thread rebuilt only to encode them again (docs/spot-performance.md, twenty-ninth session).
 */
export class JsonText<T> {
  /** Never read: it ties the text to the type it encodes. */
  declare private readonly encodes?: T;

  constructor(readonly text: string) {}

  static of<T>(value: T): JsonText<T> {
    return new JsonText<T>(JSON.stringify(value));
  }
}

/** A value, or its JSON text. */
export type Json<T> = T | JsonText<T>;

/** The JSON text of `v`: `undefined` as `null`, as in an answer's data. */
export const encoded = (v: unknown): string =>
  v instanceof JsonText ? v.text : (JSON.stringify(v) ?? 'null');

/** The JSON object `head` (already encoded) with `data` added as its last field, embedded as it is
 * if it is a `JsonText`: an answer's envelope, a channel's frame. */
export const withData = (head: string, data: unknown): string =>
  `${head.slice(0, -1)}${head === '{}' ? '' : ','}"data":${encoded(data)}}`;
