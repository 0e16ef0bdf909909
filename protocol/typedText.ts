import { z } from 'zod';

// Control characters (NUL, bell, escape, the C1 range, …): nobody types them, a pasted text can
// carry them, and they show as a blank box or nothing at all. Tab and newline are the two that
// mean something in a text of several lines.
const CONTROLS = /(?![\t\n])\p{Cc}/gu;
const LINE_BREAKS = /[\t\n]+/g;

/**
 * Free text a person writes (a nickname, a name, a remark, a message to customer service, an
 * operator's notice), as it is kept: control characters dropped, tabs and newlines too where the
 * text is one line (there they become a space), then trimmed. The checks chained after it see the
 * text as kept, so a message made only of a NUL is an empty message.
 */
export const typedText = ({ lines = false }: { lines?: boolean } = {}) =>
  z
    .string()
    .overwrite((text) => {
      const shown = text.replace(CONTROLS, '');
      return lines ? shown : shown.replace(LINE_BREAKS, ' ');
    })
    .trim();
