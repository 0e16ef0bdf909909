import fs from 'node:fs';
import path from 'node:path';
import { BOOT_ELEMENT_ID, BOOT_HEADING_ID, type BootData } from '../../protocol/boot';
import { LOCALE_TAGS, type Locale } from '../../protocol/locales';
import { coinPairOf } from '../../protocol/routes';
import { translate } from '../translate';

/**
 * The screens people arrive on from outside (links, bookmarks, the icon on a phone's home screen).
 * Their code is announced in the page itself, so it downloads beside the entry script instead of
 * after it has run. Keys are page paths; values the screen's source as Vite's manifest names it.
 */
export const LANDING_SCREENS: Readonly<Record<string, string>> = {
  '/': 'src/screens/home/HomeScreen.tsx',
  '/home': 'src/screens/home/HomeScreen.tsx',
  '/market': 'src/screens/market/MarketScreen.tsx',
  '/marketDetail': 'src/screens/marketDetail/MarketDetailScreen.tsx',
  '/trade': 'src/screens/trade/TradeScreen.tsx',
  '/contract': 'src/screens/contract/ContractScreen.tsx',
};

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const readManifest = (webRoot: string): Manifest => {
  try {
    return JSON.parse(fs.readFileSync(path.join(webRoot, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    // A build without a manifest still serves every page, only without the early downloads.
    return {};
  }
};

/** `key`'s chunk and every chunk it imports, transitively, as manifest keys. */
const closure = (manifest: Manifest, key: string, into = new Set<string>()): Set<string> => {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const dep of manifest[key].imports ?? []) closure(manifest, dep, into);
  return into;
};

/** The files a screen needs that the entry does not already load: scripts and stylesheets. */
export const screenFiles = (manifest: Manifest, src: string): { js: string[]; css: string[] } => {
  const entries = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
  const loaded = new Set<string>();
  for (const e of entries) closure(manifest, e, loaded);
  const chunks = [...closure(manifest, src)].filter((k) => !loaded.has(k)).map((k) => manifest[k]!);
  return { js: chunks.map((c) => c.file), css: chunks.flatMap((c) => c.css ?? []) };
};

/** JSON that is safe inside a script element: no `</script>` (or `<!--`) can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** What a page is asked for: its path, its query and the reader's language. */
export interface PageRequest {
  path: string;
  query?: URLSearchParams;
  locale: Locale;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The heading of a page whose heading is data rather than words to translate: a pair's name on
 * market detail. Written with the page, it shows at once on a slow phone instead of after the app's
 * code has arrived and run. It stands outside the app's root, over the place where the screen's own
 * bar will be, until the app has drawn that (src/app/boot.ts, dropBootHeading).
 */
const headingOf = (page: PageRequest, data: BootData | undefined): string | undefined => {
  if (page.path !== '/marketDetail') return undefined;
  const symbol = coinPairOf(page.query);
  return data?.pairs.find((p) => p.symbol === symbol)?.name;
};

/**
 * Every page the server answers with index.html: the built file in the reader's language, with
 * before `</head>` the landing screen's code to download early, the first banner image of a home
 * page, and, when the server has a market, the boot data block (protocol/boot.ts); on market
 * detail the pair's name as the page's heading; the note shown without JavaScript, translated;
 * and, when `title` is given, the page's title.
 */
export const createPageShell = (
  webRoot: string,
  boot?: (page: PageRequest) => Promise<BootData>,
  title?: (page: PageRequest) => Promise<string>,
) => {
  const template = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const manifest = readManifest(webRoot);
  const links = new Map<string, string>();
  for (const [page, src] of Object.entries(LANDING_SCREENS)) {
    const { js, css } = screenFiles(manifest, src);
    links.set(
      page,
      [
        ...js.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
        ...css.map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
      ].join(''),
    );
  }
  return async (page: PageRequest): Promise<string> => {
    const [data, text] = await Promise.all([boot?.(page), title?.(page)]);
    const banner = data?.carousel?.items[0]?.image;
    const heading = headingOf(page, data);
    const head = [
      links.get(page.path) ?? '',
      // The banner is the largest thing on the home page: fetched with the page, not after the app.
      banner ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(banner)}">` : '',
      data ? `<script type="application/json" id="${BOOT_ELEMENT_ID}">${scriptJson(data)}</script>` : '',
    ].join('');
    const bar = heading
      ? `<header id="${BOOT_HEADING_ID}" class="navbar navbar--boot"><span></span><h1 class="navbar__title">${escapeHtml(heading)}</h1><span></span></header>`
      : '';
    // Every insertion through a function: a replacement string reads `$&`, `$'` and `` $` `` in
    // the text it inserts (a pair's or a carousel's name) as the matched text and what surrounds it.
    return template
      .replace(/<html lang="[^"]*"/, () => `<html lang="${LOCALE_TAGS[page.locale]}"`)
      .replace(/<title>[^<]*<\/title>/, (built) =>
        text === undefined ? built : `<title>${escapeHtml(text)}</title>`,
      )
      .replace(
        /<noscript>[^<]*<\/noscript>/,
        () => `<noscript>${escapeHtml(translate(page.locale, 'common.needsJavaScript'))}</noscript>`,
      )
      .replace('</head>', () => `${head}</head>`)
      .replace('<div id="root">', () => `${bar}<div id="root">`);
  };
};
