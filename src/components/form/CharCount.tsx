/** How much of a text field's allowance is used ("12/30"). The field takes more than it allows, so
 * a pasted text is never cut short unseen: the count turns red, and the rule's message says why
 * the form will not send. */
export const CharCount = ({ value, max }: { value: string; max: number }) => (
  <span className={`field__count${value.length > max ? ' field__count--over' : ''}`}>
    {value.length}/{max}
  </span>
);
