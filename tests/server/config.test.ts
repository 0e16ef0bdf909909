import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

const configError = (env: NodeJS.ProcessEnv): ConfigError => {
  try {
    loadConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return e as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
};

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      databaseWaitMs: 30_000,
      dataDir: path.resolve('data'),
      sqliteFile: path.resolve('data', 'exchange.db'),
      logLevel: 'info',
      rateLimitPerMinute: 600,
      rateLimitPerAddressPerMinute: 6000,
      wsConnectionsPerAddress: 100,
      connectionsPerAddress: 256,
      webRoot: path.resolve('dist'),
      trustProxy: false,
      sessionTtlHours: 168,
      operatorSessionTtlHours: 12,
      codeDailyLimit: 10,
      smtpUrl: undefined,
      smtpFrom: 'no-reply@localhost',
    });
  });

  it('keeps the SQLite file under data/exchange.db', () => {
    const { sqliteFile } = loadConfig({});
    expect(path.isAbsolute(sqliteFile)).toBe(true);
    expect(sqliteFile.endsWith(path.join('data', 'exchange.db'))).toBe(true);
  });

  it('reads PORT and the other variables', () => {
    const c = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgresql://u:p@db:5432/exchange',
      DATABASE_WAIT_SECONDS: '5',
      DATA_DIR: '/var/lib/exchange',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '30',
      RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '2000',
      WS_CONNECTIONS_PER_ADDRESS: '40',
      CONNECTIONS_PER_ADDRESS: '64',
      WEB_ROOT: '/srv/web',
      TRUST_PROXY: '10.0.0.0/8, 192.0.2.7',
      SESSION_TTL_HOURS: '24',
      OPERATOR_SESSION_TTL_HOURS: '8',
      CODE_DAILY_LIMIT: '3',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      SMTP_FROM: 'codes@example.com',
    });
    expect(c).toEqual({
      port: 9000,
      host: '127.0.0.1',
      databaseUrl: 'postgresql://u:p@db:5432/exchange',
      databaseWaitMs: 5000,
      dataDir: path.resolve('/var/lib/exchange'),
      sqliteFile: path.resolve('/var/lib/exchange', 'exchange.db'),
      logLevel: 'warn',
      rateLimitPerMinute: 30,
      rateLimitPerAddressPerMinute: 2000,
      wsConnectionsPerAddress: 40,
      connectionsPerAddress: 64,
      webRoot: path.resolve('/srv/web'),
      trustProxy: ['10.0.0.0/8', '192.0.2.7'],
      sessionTtlHours: 24,
      operatorSessionTtlHours: 8,
      codeDailyLimit: 3,
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      smtpFrom: 'codes@example.com',
    });
  });

  it('accepts PORT=0 and the postgres:// spelling', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/x' }).databaseUrl).toBe('postgres://localhost/x');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', LOG_LEVEL: '' })).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      logLevel: 'info',
    });
  });

  it('gives each address ten times the per-account allowance unless told otherwise', () => {
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '30' }).rateLimitPerAddressPerMinute).toBe(300);
  });

  it('reads TRUST_PROXY as off, a count of proxies, or their addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2001:db8::/32,127.0.0.1' }).trustProxy).toEqual([
      '2001:db8::/32',
      '127.0.0.1',
    ]);
  });

  it('takes a demo password that keeps the password rules, and the test clock as a switch', () => {
    expect(() => loadConfig({ DEMO_PASSWORD: 'Demo2026', DEFI_TEST_CLOCK: 'true' })).not.toThrow();
    expect(() => loadConfig({ DEFI_TEST_CLOCK: '0' })).not.toThrow();
  });

  it('ignores variables it does not know', () => {
    expect(loadConfig({ HOME: '/root', PATH: '/bin' }).port).toBe(8080);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['DATABASE_URL', 'localhost:5432'],
    ['LOG_LEVEL', 'verbose'],
    ['DATABASE_WAIT_SECONDS', 'forever'],
    ['DATABASE_WAIT_SECONDS', '-1'],
    ['DATABASE_WAIT_SECONDS', '601'],
    ['RATE_LIMIT_PER_MINUTE', '0'],
    ['RATE_LIMIT_PER_ADDRESS_PER_MINUTE', '0'],
    ['RATE_LIMIT_PER_ADDRESS_PER_MINUTE', 'lots'],
    ['WS_CONNECTIONS_PER_ADDRESS', '0'],
    ['CONNECTIONS_PER_ADDRESS', '0'],
    ['CONNECTIONS_PER_ADDRESS', 'many'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1,nginx'],
    ['SESSION_TTL_HOURS', '0'],
    ['SESSION_TTL_HOURS', 'week'],
    ['OPERATOR_SESSION_TTL_HOURS', '0'],
    ['OPERATOR_SESSION_TTL_HOURS', '169'],
    ['CODE_DAILY_LIMIT', '0'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['DEMO_PASSWORD', 'abc'],
    ['DEMO_PASSWORD', 'onlyletters'],
    ['DEFI_TEST_CLOCK', 'maybe'],
    ['DEFI_TEST_CLOCK', 'TRUE'],
  ])('refuses %s=%s with a ConfigError naming the variable', (name, value) => {
    const err = configError({ [name]: value });
    expect(err.message).toMatch(/^Invalid configuration:/);
    expect(err.message).toContain(`${name}:`);
  });

  it('names every bad variable at once', () => {
    const err = configError({ PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'sqlite://x' });
    expect(err.message).toContain('PORT:');
    expect(err.message).toContain('LOG_LEVEL:');
    expect(err.message).toContain('DATABASE_URL:');
    expect(err.message).toContain('must start with postgres:// or postgresql://');
  });
});
