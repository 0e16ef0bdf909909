import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encoded, JsonText, withData } from '../../../server/wire/jsonText';
import { decoded } from '../helpers/jsonText';

describe('JSON text', () => {
  it('decodes to the value it was made of, and a plain value is its own decoding', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(decoded(JsonText.of(v))).toEqual(JSON.parse(JSON.stringify(v)));
        expect(decoded(v)).toBe(v);
      }),
    );
  });

  it('encodes as JSON.stringify would, a text being kept as it is', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(encoded(v)).toBe(JSON.stringify(v));
        expect(encoded(JsonText.of(v))).toBe(JSON.stringify(v));
      }),
    );
    expect(encoded(new JsonText('{"a":1}'))).toBe('{"a":1}');
    expect(encoded(undefined)).toBe('null');
  });

  it('adds data as the last field of an encoded object, as JSON.stringify would', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string().filter((k) => k !== 'data'),
          fc.jsonValue(),
        ),
        fc.jsonValue(),
        (head, data) => {
          const whole = JSON.stringify({ ...head, data });
          expect(withData(JSON.stringify(head), data)).toBe(whole);
          expect(withData(JSON.stringify(head), JsonText.of(data))).toBe(whole);
        },
      ),
    );
  });
});
