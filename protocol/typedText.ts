import { z } from 'zod';

// Control characters (NUL, bell, escape, the C1 range, …): nobody types them, a pasted text can
// carry them, and they show as a blank box or nothing at all. Tab and newline are the two that
// mean something in a text of several lines.
const CONTROLS = /(?![\t\n])\p{Cc}/gu;
// Format characters that reorder or hide what is shown: the bidirectional embeddings, overrides and
// isolates (a name written to read backwards, "Trojan Source"), the zero-width space and the byte
// order mark (a nickname that looks like another one). The joiners (U+200C, U+200D) stay: Persian,
// the Indic scripts and emoji sequences need them.
const HIDDEN = /[\u200b\u202a-\u202e\u2066-\u2069\ufeff]/g;
// The line and paragraph separators are line breaks that no keyboard types.
const SEPARATORS = /[\u2028\u2029]/g;
const LINE_BREAKS = /[\t\n]+/g;

/**
 * Free text a person writes (a nickname, a name, a remark, a message to customer service, an
 * operator's notice), as it is kept: control characters and the invisible format characters that
 * disguise a text dropped, tabs and newlines too where the text is one line (there they become a
 * space), then trimmed. The checks chained after it see the text as kept, so a message made only of
 * a NUL is an empty message.
 */
export const typedText = ({ lines = false }: { lines?: boolean } = {}) =>
  z
    .string()
    .overwrite((text) => {
      const shown = text.replace(CONTROLS, '').replace(HIDDEN, '').replace(SEPARATORS, '\n');
      return lines ? shown : shown.replace(LINE_BREAKS, ' ');
    })
    .trim();

/**
 * Text looked up as it is sent (a login name, an id): a NUL in it is refused as a malformed
 * parameter. No stored value holds one, and PostgreSQL refuses any text that does, which failed
 * the whole request (a fuzzed login name of one NUL answered 500).
 */
export const withoutNul = (schema: z.ZodString) => schema.refine((text) => !text.includes('\u0000'));
