import { z } from 'zod';

// Control characters (NUL, bell, escape, the C1 range, …): nobody types them, a pasted text can
// carry them, and they show as a blank box or nothing at all. Tab and newline are the two that
// mean something in a text of several lines.
const CONTROLS = /(?![\t\n])\p{Cc}/gu;
// Characters that show nothing (Unicode's default-ignorable code points): the bidirectional
// embeddings, overrides, isolates and marks (a name written to read backwards, "Trojan Source"),
// the zero-width space, word joiner, soft hyphen, Hangul fillers, tag characters and the byte order
// mark (a nickname that looks like another one, or like nothing). Kept: the joiners (U+200C,
// U+200D), which Persian, the Indic scripts and emoji sequences need, the variation selectors that
// choose how an emoji or an ideograph is drawn, and the tag characters inside a subdivision flag
// (🏴 then tags, as England's), the one place they show.
const HIDDEN = /(\u{1f3f4}[\u{e0020}-\u{e007e}]+\u{e007f})|\p{Default_Ignorable_Code_Point}/gu;
const drawn = (c: string) => {
  const at = c.codePointAt(0)!;
  return at === 0x200c || at === 0x200d || (at >= 0xfe00 && at <= 0xfe0f) || (at >= 0xe0100 && at <= 0xe01ef);
};
// Half of a UTF-16 pair with no other half (JSON's "\ud800" is valid JSON): it is no character,
// the database keeps it as bytes that are not UTF-8, and it reads back as replacement characters,
// so two names stored different read the same.
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
// The line and paragraph separators are line breaks that no keyboard types.
const SEPARATORS = /[\u2028\u2029]/g;
const LINE_BREAKS = /[\t\n]+/g;

/** What of a typed text is kept, before trimming: see `typedText`. */
const kept = (text: string, lines: boolean) => {
  const shown = text
    .replace(LONE_SURROGATES, '')
    .replace(CONTROLS, '')
    .replace(HIDDEN, (c, flag?: string) => flag ?? (drawn(c) ? c : ''))
    .replace(SEPARATORS, '\n');
  return lines ? shown : shown.replace(LINE_BREAKS, ' ');
};

/**
 * Free text a person writes (a nickname, a name, a remark, a message to customer service, an
 * operator's notice), as it is kept: halves of UTF-16 pairs, control characters and characters that
 * show nothing dropped, tabs and newlines too where the text is one line (there they become a
 * space), then trimmed. The checks chained after it see the text as kept, so a message made only of
 * a NUL is an empty message.
 */
export const typedText = ({ lines = false }: { lines?: boolean } = {}) =>
  z
    .string()
    .overwrite((text) => kept(text, lines))
    .trim();

/** How long a typed text is by the measure of its rule's `max`: the characters (code points, as
 * zod counts them, so an emoji is one) of what `typedText` keeps. */
export const typedLength = (text: string, { lines = false }: { lines?: boolean } = {}) =>
  [...kept(text, lines).trim()].length;

/**
 * Text looked up as it is sent (a login name, an id): a NUL in it is refused as a malformed
 * parameter. No stored value holds one, and PostgreSQL refuses any text that does, which failed
 * the whole request (a fuzzed login name of one NUL answered 500).
 */
export const withoutNul = (schema: z.ZodString) => schema.refine((text) => !text.includes('\u0000'));

/** A short code as typed or pasted (a captcha's answer, a verification code): an input method's
 * full-width characters as the plain ones they stand for, and none of what `dropped` matches
 * (spaces before or inside what was copied). The form keeps it so as it is typed; the server reads
 * what comes so too, from any client. */
export const plainCode = (text: string, dropped: RegExp = /\s/gu) =>
  text.normalize('NFKC').replace(dropped, '');
