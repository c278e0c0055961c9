/**
 * Zod 4 compiles object parsers with `new Function` unless told not to; its probe for that alone breaks the
 * production CSP (script-src 'self', no 'unsafe-eval'): the browser reports a violation on every screen with a
 * form (e2e/security.spec.ts walks every screen).
 *
 * Zod keeps its settings in one object on `globalThis.__zod_globalConfig` (shared by every copy of zod) and
 * reads `jitless` when a schema is built. Setting it here, without importing zod, lets main.tsx apply it before
 * anything else runs while zod itself stays out of the app's first load: it arrives with the first lazy feature
 * that builds a schema (issue 13). lib/__tests__/zod-config.test.ts checks that zod reads this object.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
