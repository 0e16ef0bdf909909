import type { Kysely } from 'kysely';
import { DEFAULT_LOCALE, HELP_CATEGORIES, isLocale, LOCALES, type Locale } from '../../protocol';
import { carousel, helpArticles, notices, popups } from '../content/admin';
import type { Db } from '../db/connect';
import { listHelpAdmin, listNoticesAdmin } from '../db/repos/help';
import { carouselRows, popupRows } from '../db/repos/homeContent';
import type { Database } from '../db/schema';
import type { Actor } from '../domain/operators/actor';
import {
  blankProblem,
  commandProblem,
  options,
  positiveInt,
  textArg,
  UnreadableFile,
  usageError,
  when,
} from './args';
import { cliActor } from './cliActor';
import { refused } from './refused';

export const CONTENT_USAGE = `
  npm run admin -- notices list LOCALE | notices add LOCALE TITLE MESSAGE [--slug=S]
  npm run admin -- notices edit ID [--title=T] [--message=M] [--slug=S] | notices delete ID
                                            MESSAGE of @path reads the text from a file
  npm run admin -- articles list LOCALE | articles add LOCALE CATEGORY TITLE BODY [--slug=S]
  npm run admin -- articles edit ID [--category=C] [--title=T] [--body=B] [--slug=S]
  npm run admin -- articles delete ID
                                            CATEGORY: ${HELP_CATEGORIES.join(', ')};
                                            BODY of @path reads the text from a file
                                            SLUG: the same on every translation of one notice
                                            or article (lower-case words joined by hyphens), so
                                            a reader is served the one in their language;
                                            edit with --slug= to unlink one
  npm run admin -- popups list LOCALE | popups add LOCALE TITLE CONTENT [--sort=N]
  npm run admin -- popups edit ID [--title=T] [--content=C] [--sort=N] | popups delete ID
                                            shown by sort, then oldest first; one added without
                                            --sort goes last. CONTENT of @path reads it from a file
  npm run admin -- carousel list LOCALE | carousel add LOCALE TITLE IMAGE LINK [--sort=N]
  npm run admin -- carousel edit ID [--title=T] [--image=I] [--link=L] [--sort=N] | carousel delete ID
                                            shown by sort, then oldest first; one added without
                                            --sort goes last. IMAGE and LINK: "" (none), a path on
                                            this site or an http(s) address`;

interface Editor {
  create(db: Db, actor: Actor, input: never): Promise<{ id: number }>;
  edit(db: Db, actor: Actor, input: never): Promise<{ id: number }>;
  remove(db: Db, actor: Actor, id: number): Promise<null>;
}

/** One kind of content the CLI edits per locale, as the operator API does. */
interface ContentArea<Row> {
  /** What one is called in what the CLI prints. */
  noun: string;
  plural: string;
  /** What `add` did: published, added. */
  added: string;
  /** The fields `add` takes after LOCALE, in order; the last is a text that @path may name. */
  fields: readonly string[];
  /** Those of `fields` given empty for none (a slide without a link). */
  mayBeEmpty?: readonly string[];
  /** The `--key=value` options of `edit` (and of `add`, those in `addOptions`). */
  options: readonly string[];
  addOptions: readonly string[];
  list(db: Kysely<Database>, locale: Locale): Promise<Row[]>;
  line(row: Row): string;
  editor: Editor;
}

const area = <Row>(a: ContentArea<Row>) => a as unknown as ContentArea<unknown>;

const sorted = (r: { id: number; sort: number; title: string }) => `#${r.id} sort ${r.sort}: ${r.title}`;

/** A title after the slug that links it to its translations, when it has one. */
const slugged = (r: { slug: string | null; title: string }) => (r.slug ? `(${r.slug}) ${r.title}` : r.title);

const AREAS: Record<string, ContentArea<unknown>> = {
  notices: area({
    noun: 'notice',
    plural: 'notices',
    added: 'published',
    fields: ['title', 'message'],
    options: ['title', 'message', 'slug'],
    addOptions: ['slug'],
    list: listNoticesAdmin,
    line: (n) => `#${n.id} ${when(n.createdAt)} ${slugged(n)}`,
    editor: notices,
  }),
  articles: area({
    noun: 'help article',
    plural: 'help articles',
    added: 'added',
    fields: ['category', 'title', 'body'],
    options: ['category', 'title', 'body', 'slug'],
    addOptions: ['slug'],
    list: listHelpAdmin,
    line: (a) => `#${a.id} [${a.category}] ${slugged(a)}`,
    editor: helpArticles,
  }),
  popups: area({
    noun: 'pop-up',
    plural: 'pop-ups',
    added: 'published',
    fields: ['title', 'content'],
    options: ['title', 'content', 'sort'],
    addOptions: ['sort'],
    list: popupRows.list,
    line: sorted,
    editor: popups,
  }),
  carousel: area({
    noun: 'carousel slide',
    plural: 'carousel slides',
    added: 'added',
    fields: ['title', 'image', 'link'],
    mayBeEmpty: ['image', 'link'],
    options: ['title', 'image', 'link', 'sort'],
    addOptions: ['sort'],
    list: carouselRows.list,
    line: (s) => `${sorted(s)} (image ${s.image || '-'}, link ${s.link || '-'})`,
    editor: carousel,
  }),
};

/** What each command of an area takes, as CONTENT_USAGE names it. */
const contentCommands = (a: ContentArea<unknown>) => ({
  list: ['LOCALE'],
  add: [
    'LOCALE',
    ...a.fields.map((f) => f.toUpperCase()),
    ...a.addOptions.map((o) => `[--${o}=${NUMERIC.includes(o) ? 'N' : o[0]!.toUpperCase()}]`),
  ],
  edit: [
    'ID',
    `an option (${a.options
      .map((o) => `--${o}`)
      .join(', ')
      .replace(/, ([^,]*)$/, ' or $1')})...`,
  ],
  delete: ['ID'],
});

const NUMERIC = ['sort'];
const TEXTS = ['message', 'body', 'content'];

/**
 * The content commands of the operator CLI (notices, help articles, home pop-ups, carousel
 * slides), over the same functions as the operator API: `<area> list LOCALE | add LOCALE FIELDS…
 * | edit ID [--key=value…] | delete ID`. Answers the exit code, or null when the command is not
 * one of these.
 */
export const runContentCommand = async (
  ctx: { db: Db; out: (line: string) => void },
  argv: string[],
): Promise<number | null> => {
  const [name, verb, ...rest] = argv;
  const a = AREAS[name ?? ''];
  if (!a || !Object.hasOwn(AREAS, name!)) return null;
  const { db, out } = ctx;
  const usage = (message: string) => usageError(out, CONTENT_USAGE, name!, message);
  const commands = contentCommands(a);
  const blank = blankProblem(
    commands,
    argv,
    (a.mayBeEmpty ?? []).map((f) => f.toUpperCase()),
  );
  if (blank) return usage(blank);
  // The values given the rules, by the field each fills: a refusal shows the one it was about (a
  // text, which may be pages long, it does not).
  let typed: Record<string, string> = {};
  const given = (fields: Record<string, unknown>) =>
    (typed = Object.fromEntries(
      Object.entries(fields).flatMap(([f, v]) => (TEXTS.includes(f) ? [] : [[f, String(v)]])),
    ));
  try {
    if ((verb === 'list' || verb === 'add') && rest[0] !== undefined && !isLocale(rest[0]))
      return usage(`unknown locale: ${rest[0]} (one of ${LOCALES.join(', ')})`);
    if (verb === 'list' && rest.length === 1) {
      const locale = rest[0] as Locale;
      const rows = await a.list(db.kysely, locale);
      if (rows.length === 0)
        out(
          `no ${a.plural} in ${locale}` +
            (locale === DEFAULT_LOCALE ? '' : ` (its readers are shown the ${DEFAULT_LOCALE} ones)`),
        );
      for (const row of rows) out(a.line(row));
      return 0;
    }
    if (verb === 'add' && rest.length >= 1 + a.fields.length) {
      const values = rest.slice(1, 1 + a.fields.length);
      const o = options(rest.slice(1 + a.fields.length), a.addOptions, NUMERIC);
      if (typeof o === 'string') return usage(o);
      given({ ...o, ...Object.fromEntries(a.fields.map((f, i) => [f, values[i]])) });
      const input: Record<string, unknown> = { locale: rest[0], ...o };
      a.fields.forEach((f, i) => (input[f] = TEXTS.includes(f) ? textArg(values[i]!) : values[i]));
      const row = await a.editor.create(db, cliActor(), input as never);
      out(`${a.noun} #${row.id} ${a.added}`);
      return 0;
    }
    if (verb === 'edit' && rest.length >= 2) {
      const id = positiveInt(rest[0]);
      if (id === null) return usage(`not an id: ${rest[0]}`);
      const o = options(rest.slice(1), a.options, NUMERIC);
      if (typeof o === 'string') return usage(o);
      given(o);
      // `--slug=` unlinks a notice or article from its translations.
      const unlink = o.slug === '' ? { slug: null } : {};
      const row = await a.editor.edit(db, cliActor(), { id, ...o, ...unlink } as never);
      out(`${a.noun} #${row.id} saved`);
      return 0;
    }
    if (verb === 'delete' && rest.length === 1) {
      const id = positiveInt(rest[0]);
      if (id === null) return usage(`not an id: ${rest[0]}`);
      await a.editor.remove(db, cliActor(), id);
      out(`${a.noun} #${id} deleted`);
      return 0;
    }
  } catch (e) {
    if (e instanceof UnreadableFile) return usage(e.message);
    const id = verb === 'edit' || verb === 'delete' ? positiveInt(rest[0]) : null;
    return refused(out, e, { ...(id === null ? {} : { record: `${a.noun} #${id}` }), typed });
  }
  return usage(commandProblem(commands, argv));
};
