import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';

// In development the API and socket live on the exchange server (npm run dev starts both).
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`;

const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

/**
 * Writes .br and .gz siblings of every text asset, once at build time, so the server sends them
 * (@fastify/static preCompressed) without compressing on each request: uncompressed, a phone on a
 * slow network spends seconds on the first download.
 */
const precompress = (): Plugin => ({
  name: 'precompress',
  apply: 'build',
  writeBundle(options) {
    const walk = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
    for (const file of walk(options.dir!).filter((f) => COMPRESSIBLE.test(f))) {
      const body = fs.readFileSync(file);
      if (body.length < 1024) continue;
      fs.writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      fs.writeFileSync(
        `${file}.br`,
        brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
    }
  },
});

/**
 * Puts the app's stylesheet into the page itself. A linked stylesheet blocks the first paint for a
 * round trip of its own, so a phone on a slow network showed nothing until it came; inline, the
 * page paints (the loading ring, then the app) as soon as the HTML is read. The file stays in the
 * build for anything that links it.
 */
const inlineStylesheet = (): Plugin => ({
  name: 'inline-stylesheet',
  apply: 'build',
  enforce: 'post',
  generateBundle(_options, bundle) {
    const page = bundle['index.html'] as Rollup.OutputAsset | undefined;
    if (!page) return;
    let html = String(page.source);
    for (const [name, asset] of Object.entries(bundle)) {
      if (asset.type !== 'asset' || !name.endsWith('.css')) continue;
      const link = new RegExp(`<link rel="stylesheet"[^>]*href="/${name.replace(/[.]/g, '[.]')}"[^>]*>`);
      html = html.replace(link, () => `<style>${String(asset.source)}</style>`);
    }
    page.source = html;
  },
});

/**
 * React Router's package exports only its development build (remix-run/react-router#14753,
 * #14102): its dev warnings and checks would ship in every production bundle. The build takes the
 * production files it also publishes.
 */
const routerProduction = path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production');

export default defineConfig(({ command }) => ({
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: path.join(routerProduction, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: path.join(routerProduction, 'dom-export.mjs') },
          ]
        : [],
  },
  plugins: [react(), inlineStylesheet(), precompress()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
    manifest: true,
    // One stylesheet, linked only by the page (and put inline there, inlineStylesheet): with split
    // CSS a lazy chunk lists the entry's stylesheet as its dependency and links it a second time.
    cssCodeSplit: false,
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/ws': { target: apiTarget, ws: true },
    },
  },
}));
