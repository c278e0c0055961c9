import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../env';

describe('loadEnv', () => {
  it('when nothing is set, then it runs on the embedded database with the demo and safe limits', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 5000,
      DATA_DIR: './data',
      seedDemo: true,
      publicBaseUrl: 'http://localhost:5000',
      RATE_LIMIT_AUTH: 20,
      MAX_BODY_BYTES: 102_400,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('when DATABASE_URL is set, then the demo is off unless asked for', () => {
    expect(loadEnv({ DATABASE_URL: 'postgres://localhost/db' }).seedDemo).toBe(false);
    expect(loadEnv({ DATABASE_URL: 'postgres://localhost/db', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('when a variable is bad, then the error names it', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(EnvError);
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
  });

  it('when in production without SESSION_SECRET, then it refuses to start', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: is required/);
  });

  it('when only one of ADMIN_EMAIL and ADMIN_PASSWORD is set, then it says so', () => {
    expect(() => loadEnv({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('when only some of the language model variables are set, then it names the missing ones', () => {
    expect(() => loadEnv({ LLM_API_BASE: 'https://llm.example/v1', LLM_MODEL: 'm' })).toThrow(
      /LLM_API_KEY: LLM_API_BASE, LLM_API_KEY and LLM_MODEL must be set together/,
    );
    expect(() => loadEnv({ LLM_API_BASE: 'not a url', LLM_API_KEY: 'k', LLM_MODEL: 'm' })).toThrow(
      /LLM_API_BASE/,
    );
    const env = loadEnv({ LLM_API_BASE: 'https://llm.example/v1', LLM_API_KEY: 'k', LLM_MODEL: 'm' });
    expect(env.LLM_TIMEOUT_MS).toBe(15_000);
  });

  it('when a variable is empty, then it counts as unset', () => {
    expect(loadEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(5000);
  });
});
