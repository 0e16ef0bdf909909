/** The app's configuration in HTTP tests: a quiet log, no web app, and allowances no test reaches
 * (the allowances have tests of their own). */
export const TEST_APP_CONFIG = {
  logLevel: 'silent',
  rateLimitPerMinute: 100_000,
  rateLimitPerAddressPerMinute: 100_000,
  webRoot: '/nonexistent',
  trustProxy: false,
} as const;
