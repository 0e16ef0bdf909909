import { spawn } from 'node:child_process';
import { createServer } from 'vite';

/** Development: the exchange server (restarted on change) plus Vite with hot reload, which proxies
 * /api and /ws to it. Open the address Vite prints. */
const apiPort = process.env.API_PORT ?? '8080';
const server = spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], {
  env: { ...process.env, PORT: apiPort, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
  stdio: 'inherit',
});

const vite = await createServer({ server: { port: Number(process.env.DEV_PORT ?? 5173) } });
await vite.listen();
vite.printUrls();

const stop = async () => {
  server.kill('SIGTERM');
  await vite.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
