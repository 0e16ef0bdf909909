import fs from 'node:fs';
import path from 'node:path';

/** Every `app.msg.*` key the English locale translates (the parity test holds the other ten to it):
 * a message outside it would reach a reader untranslated. */
export const CATALOGUED_MESSAGES: ReadonlySet<string> = new Set(
  Object.keys(
    (
      JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../locales/us.json'), 'utf8')) as {
        app: { msg: Record<string, string> };
      }
    ).app.msg,
  ).map((k) => `app.msg.${k}`),
);
