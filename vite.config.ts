import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [react(), precompress()],
  build: { outDir: 'dist', sourcemap: true, target: 'es2022' },
  server: {
    proxy: {
      '/api': apiTarget,
      '/ws': { target: apiTarget, ws: true },
    },
  },
});
