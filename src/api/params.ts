/**
 * GET parameters the way the server's qs parser reads them: nested objects as `a[b]=1`, arrays as
 * `a[]=1`, values percent-encoded and brackets left readable; undefined is left out. A few lines
 * here instead of qs in the browser, which would add ~15 KB gzipped to the first download.
 */
export const serializeParams = (params: Record<string, unknown>): string => {
  const parts: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === undefined) return;
    if (Array.isArray(value)) {
      for (const item of value) add(`${key}[]`, item);
    } else if (value instanceof Date) {
      parts.push(`${key}=${encodeURIComponent(value.toISOString())}`);
    } else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    } else {
      parts.push(`${key}=${encodeURIComponent(value === null ? '' : String(value))}`);
    }
  };
  for (const [k, v] of Object.entries(params)) add(k, v);
  return parts.join('&');
};
