import { typedLength } from '../../../protocol/typedText';

/** How much of a text field's allowance is used ("12/30"), counted as the field's rule counts (what
 * is kept of the text, an emoji as one). The field takes more than it allows, so a pasted text is
 * never cut short unseen: the count turns red, and the rule's message says why the form will not
 * send. */
export const CharCount = ({ value, max, lines = false }: { value: string; max: number; lines?: boolean }) => {
  const length = typedLength(value, { lines });
  return (
    <span className={`field__count${length > max ? ' field__count--over' : ''}`}>
      {length}/{max}
    </span>
  );
};
