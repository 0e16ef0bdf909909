import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../../../bench/serverProcess';
import { openPostgres, openSqlite, type Db } from '../../../server/db/connect';
import { migrate } from '../../../server/db/migrate';
import { seedAccountsIfEmpty } from '../../../server/db/seed/accounts';
import { seedIfEmpty } from '../../../server/db/seed/seed';
import { CATALOGUED_MESSAGES } from '../helpers/messages';
import { TEST_DATABASE_URL, createPgSchema } from '../helpers/testDb';

/**
 * Every operation the API documents, sent input no form would send: wrong types, missing and
 * unknown fields, huge, empty, control and look-alike strings, nested and repeated query
 * parameters, as the trader and as the operator. Whatever arrives, the answer is a catalogued
 * `app.msg.*` key every locale translates, never a 500, and the trader's money stays where it was.
 * The real server in its own process, on the embedded database and on PostgreSQL.
 */

const TIMEOUT = 120_000;
const RUNS = 40;
const DEMO_PASSWORD = 'BadInput2026';

/** Past what a column holds on PostgreSQL: ids beyond its 32-bit `serial`, a NUL its text cannot
 * store, and text that lower-casing makes longer than the length checked ('İ' is two characters in
 * lower case). Each sent in every field of every operation. */
const EDGES: unknown[] = [
  2 ** 31,
  Number.MAX_SAFE_INTEGER,
  'a\u0000b',
  'İ'.repeat(200),
  `${'İ'.repeat(200)}@example.com`,
];

/** Ending the session would leave the rest of the run logged out. */
const SKIPPED = new Set(['POST /api/user/logout', 'POST /api/admin/logout']);

const odd = fc.constantFrom(
  '',
  ' ',
  '-1',
  '0',
  '1e309',
  'NaN',
  '-0.000000001',
  '１２３',
  '\u0000',
  '\u202e',
  'a'.repeat(5000),
  '99999999999999999999999999999999.999999999999999999',
  "' or 1=1 --",
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'btcusdt',
  'USDT',
);
const scalar = fc.oneof(
  odd,
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.bigInt().map(String),
);
const value = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), scalar, { maxKeys: 3 }) },
);

/** A body: any JSON at all, or the operation's own fields (some of them, and perhaps one more)
 * holding the wrong things. */
const bodyFor = (fields: string[]) =>
  fc.oneof(
    value,
    fc
      .record(Object.fromEntries(fields.map((f) => [f, value])), { requiredKeys: [] })
      .chain((known) =>
        fc
          .option(fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), value), { nil: undefined })
          .map((extra) => (extra ? { ...known, [extra[0]]: extra[1] } : known)),
      ),
  );

const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** A query string of the operation's parameters (and perhaps one more), some repeated or nested. */
const queryFor = (params: string[]) =>
  fc
    .array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(...(params.length ? params : ['x'])),
          fc.string({ minLength: 1, maxLength: 8 }),
        ),
        fc.oneof(value.map(text), fc.constant('[]')),
        fc.constantFrom('plain', 'nested', 'list'),
      ),
      { maxLength: 4 },
    )
    .map((pairs) =>
      pairs
        .map(([k, v, shape]) => {
          const name = shape === 'nested' ? `${k}[a]` : shape === 'list' ? `${k}[]` : k;
          return `${encodeURIComponent(name)}=${encodeURIComponent(v)}`;
        })
        .join('&'),
    );

interface Operation {
  method: string;
  path: string;
  query: string[];
  fields: string[];
}

const operationsOf = (doc: {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters: Array<{ name: string; in: string }>;
        requestBody?: { content: { 'application/json'?: { schema: { properties?: object } } } };
      }
    >
  >;
}): Operation[] =>
  Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path: p,
      query: op.parameters.filter((x) => x.in === 'query').map((x) => x.name),
      fields: Object.keys(op.requestBody?.content['application/json']?.schema.properties ?? {}),
    })),
  );

interface Engine {
  name: string;
  prepare: () => Promise<{ db: Db; env: Record<string, string>; done: () => Promise<void> }>;
}

const engines: Engine[] = [
  {
    name: 'sqlite',
    prepare: async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-bad-input-'));
      return {
        db: openSqlite(path.join(dataDir, 'exchange.db')),
        env: { DATA_DIR: dataDir },
        done: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
      };
    },
  },
  ...(TEST_DATABASE_URL
    ? [
        {
          name: 'postgres',
          prepare: async () => {
            const schema = await createPgSchema(TEST_DATABASE_URL!);
            return { db: openPostgres(schema.url), env: { DATABASE_URL: schema.url }, done: schema.drop };
          },
        },
      ]
    : []),
];

describe.each(engines)('bad input to every operation on $name', ({ prepare }) => {
  let server: Awaited<ReturnType<typeof startServerProcess>>;
  let done: () => Promise<void>;
  let operations: Operation[];
  const tokens = { user: '', operator: '' };

  const send = async (method: string, url: string, token: string, body?: unknown) => {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: { token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, text: await res.text() };
  };

  const login = async (url: string, username: string, password: string) => {
    const { text: answer } = await send('POST', url, '', { username, password });
    return (JSON.parse(answer) as { data: { token: string } }).data.token;
  };

  beforeAll(async () => {
    const prepared = await prepare();
    done = prepared.done;
    await migrate(prepared.db);
    await seedIfEmpty(prepared.db.kysely);
    const creds = (await seedAccountsIfEmpty(prepared.db.kysely, { traderPassword: DEMO_PASSWORD }))!;
    await prepared.db.close();
    server = await startServerProcess({
      dataDir: prepared.env.DATA_DIR,
      env: { DEMO_PASSWORD, ...prepared.env },
    });
    tokens.user = await login('/api/user/login', creds.trader.username, DEMO_PASSWORD);
    tokens.operator = await login('/api/admin/login', creds.operator.username, creds.operator.password);
    operations = operationsOf(await (await fetch(`${server.url}/api/openapi.json`)).json());
  }, TIMEOUT);

  afterAll(async () => {
    await server?.stop();
    await done?.();
  }, TIMEOUT);

  it(
    'answers each with a catalogued message and never a 500',
    async () => {
      expect(operations.length).toBeGreaterThan(80);
      const balances = () => send('GET', '/api/assets/balances', tokens.user).then((r) => JSON.parse(r.text));
      const before = await balances();
      const faults: string[] = [];
      for (const op of operations) {
        const name = `${op.method} ${op.path}`;
        if (SKIPPED.has(name)) continue;
        const token = op.path.startsWith('/api/admin/') ? tokens.operator : tokens.user;
        const input =
          op.method === 'GET'
            ? queryFor(op.query).map((q) => ({ url: q ? `${op.path}?${q}` : op.path, body: undefined }))
            : bodyFor(op.fields).map((body) => ({ url: op.path, body: body as unknown }));
        await fc
          .assert(
            fc.asyncProperty(input, async ({ url, body }) => {
              const res = await send(op.method, url, token, body);
              let msg: unknown;
              try {
                msg = (JSON.parse(res.text) as { msg: unknown }).msg;
              } catch {
                msg = undefined;
              }
              if (res.status >= 500 || !CATALOGUED_MESSAGES.has(msg as string)) {
                faults.push(`${name} ${url} ${text(body)} → ${res.status} ${res.text.slice(0, 200)}`);
                return false;
              }
              return true;
            }),
            { numRuns: RUNS, endOnFailure: true },
          )
          // A bad answer is listed where it was seen; anything else that stopped the run (a request
          // that threw) is listed here, so that no operation goes unchecked in silence.
          .catch((err: unknown) => {
            if (!faults.some((f) => f.startsWith(`${name} `)))
              faults.push(`${name}: ${String(err).slice(0, 300)}`);
          });
      }
      expect(faults).toEqual([]);
      // No input moved the trader's money, or ended or broke the session the run began with.
      expect(await balances()).toEqual(before);
      expect(before.data.length).toBeGreaterThan(0);
    },
    TIMEOUT,
  );

  it(
    'refuses every operator operation to a trader’s session and to a caller with none',
    async () => {
      const callers = [
        ['nobody', '', '401 app.msg.not_logged_in'],
        ['the trader', tokens.user, '403 app.msg.no_permission'],
      ] as const;
      const wrong: string[] = [];
      let asked = 0;
      for (const op of operations) {
        if (!op.path.startsWith('/api/admin/') || op.path === '/api/admin/login') continue;
        for (const [who, token, expected] of callers) {
          const res = await send(op.method, op.path, token, op.method === 'GET' ? undefined : {});
          const got = `${res.status} ${(JSON.parse(res.text) as { msg: string }).msg}`;
          if (got !== expected) wrong.push(`${op.method} ${op.path} as ${who} → ${got}`);
          asked += 1;
        }
      }
      expect(asked).toBeGreaterThan(60);
      expect(wrong).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'answers the edges of the databases’ types in every field with a catalogued message',
    async () => {
      const faults: string[] = [];
      for (const op of operations) {
        const name = `${op.method} ${op.path}`;
        if (SKIPPED.has(name)) continue;
        const token = op.path.startsWith('/api/admin/') ? tokens.operator : tokens.user;
        for (const field of op.method === 'GET' ? op.query : op.fields)
          for (const edge of EDGES) {
            const res =
              op.method === 'GET'
                ? await send(op.method, `${op.path}?${field}=${encodeURIComponent(String(edge))}`, token)
                : await send(op.method, op.path, token, { [field]: edge });
            const msg = (JSON.parse(res.text) as { msg?: unknown }).msg;
            if (res.status >= 500 || !CATALOGUED_MESSAGES.has(msg as string))
              faults.push(
                `${name} ${field}=${text(edge).slice(0, 20)} → ${res.status} ${res.text.slice(0, 200)}`,
              );
          }
      }
      expect(faults).toEqual([]);
    },
    TIMEOUT,
  );
});
