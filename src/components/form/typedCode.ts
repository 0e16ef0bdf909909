import { plainCode } from '../../../protocol/typedText';

/** What a field for a short code keeps of what was typed or pasted: the code as the server reads it
 * (`plainCode`, with `dropped`), and no more than the code's `length`. The field then needs no
 * maxlength, which cut a code pasted with a space before it short before it could be read. */
export const typedCode =
  (dropped: RegExp, length: number) =>
  (text: string): string =>
    plainCode(text, dropped).slice(0, length);
