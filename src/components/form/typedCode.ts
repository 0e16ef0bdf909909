/** What a field for a short code keeps of what was typed or pasted: full-width characters (an
 * input method's) as the plain ones they stand for, nothing `dropped` matches, and no more than the
 * code's `length`. The field then needs no maxlength, which cut a code pasted with a space before
 * it short before it could be read. */
export const typedCode =
  (dropped: RegExp, length: number) =>
  (text: string): string =>
    text.normalize('NFKC').replace(dropped, '').slice(0, length);
