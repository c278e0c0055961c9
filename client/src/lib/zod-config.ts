import { z } from 'zod';

/**
 * Zod 4 compiles object parsers with `new Function` unless told not to; its probe for that alone breaks the
 * production CSP (script-src 'self', no 'unsafe-eval'): the browser reports a violation on every screen with a
 * form. Imported first by main.tsx, before any schema is built (e2e/security.spec.ts walks every screen).
 */
z.config({ jitless: true });
