/** What goes between a label ending in a colon and its value: a space, except after a full-width
 * colon (Chinese, Japanese), whose glyph carries its own space, so one more looked like a gap. */
export const afterLabel = (label: string): string => (label.endsWith('\uff1a') ? '' : ' ');
