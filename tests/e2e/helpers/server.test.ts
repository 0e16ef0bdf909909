import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type * as ServerProcess from '../../../bench/serverProcess';

// The port freePort hands out first is one another server already holds: as when another test
// file's server binds it between freePort closing it and this server binding it.
const taken = vi.hoisted(() => ({ port: 0 }));
vi.mock('../../../bench/serverProcess', async (actual) => {
  const real = await actual<typeof ServerProcess>();
  let handed = 0;
  return { ...real, freePort: async () => (handed++ === 0 ? taken.port : real.freePort()) };
});
const { startServer } = await import('./server');

let impostor: http.Server;
let webRoot: string;

beforeAll(async () => {
  impostor = http.createServer((_req, res) => res.end('{"code":200}'));
  await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
  taken.port = (impostor.address() as AddressInfo).port;
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-web-'));
});

afterAll(async () => {
  await new Promise((resolve) => impostor.close(resolve));
  fs.rmSync(webRoot, { recursive: true, force: true });
});

it('does not take another server answering on its port for itself: it starts on another port', async () => {
  const server = await startServer(webRoot);
  try {
    expect(new URL(server.url).port).not.toBe(String(taken.port));
    expect(server.logs()).toContain('EADDRINUSE');
    const health = await fetch(`${server.url}/api/health`);
    expect(health.ok).toBe(true);
    expect(await health.text()).not.toBe('{"code":200}');
  } finally {
    await server.stop();
  }
});
