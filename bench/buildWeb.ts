import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Builds the web app into a fresh temporary folder and returns it; the caller removes it. */
export const buildWeb = (): string => {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-bench-web-'));
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    // What users get: under the test runner NODE_ENV is `test`, which would build React's
    // development version (StrictMode's double effects and all) into the browser tests' app.
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  return outDir;
};
