import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWeb } from './buildWeb';

interface BundleFigures {
  initialJsGzipKb: number;
  initialCssGzipKb: number;
  lazyJsGzipKb: number;
}

/** Builds the web app and measures what a first visit downloads before any lazy chunk: the entry
 * script and the modules it preloads (the budget is 200 KB of JavaScript, gzipped), and the
 * stylesheet, which the page carries inline. */
export const measureBundle = (): BundleFigures => {
  const outDir = buildWeb();
  try {
    const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const initial = new Set(
      [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!),
    );
    const gz = (file: string) => gzipSync(fs.readFileSync(path.join(outDir, file))).length / 1024;
    const all = fs.readdirSync(path.join(outDir, 'assets')).map((f) => `assets/${f}`);
    const sum = (files: string[]) => Math.round(files.reduce((n, f) => n + gz(f), 0) * 10) / 10;
    const inlineCss = [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => m[1]!).join('');
    return {
      initialJsGzipKb: sum([...initial].filter((f) => f.endsWith('.js'))),
      initialCssGzipKb:
        sum([...initial].filter((f) => f.endsWith('.css'))) +
        Math.round((gzipSync(inlineCss).length / 1024) * 10) / 10,
      lazyJsGzipKb: sum(all.filter((f) => f.endsWith('.js') && !initial.has(f))),
    };
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
};
