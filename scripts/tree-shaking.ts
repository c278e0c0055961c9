import type { Plugin } from 'vite';

/**
 * Lets both browser builds (vite.config.ts, vite.review-page.config.ts) drop the zod schemas a screen imports
 * but never runs (issue 43, the first load; docs/decisions/016-first-load-on-a-diet.md). A screen reads words
 * from shared modules, and a shared module may also build schemas; a bundler keeps every call it cannot prove
 * free of side effects, so it kept the schemas, and zod with them.
 *
 * Building a zod schema has no side effect: in shared/ this plugin marks each call chain that starts at `z.`
 * (`z.object(…)`, `z.coerce.number().int()`) `/* @__PURE__ *\/`, only in the browser's build and only in our
 * files (a name like `z` in a minified dependency means anything). A schema derived from another at module
 * level (`IdSchema.optional()`) is marked where it is written. scripts/__tests__/tree-shaking.test.ts fails
 * when a shared module, imported for nothing, still brings zod or libphonenumber.
 */
const SHARED_SOURCE = /[\\/]shared[\\/].*\.ts$/;
const ZOD_CALL = /(?<![\w$.]|@__PURE__ \*\/ )z(?=(?:\s*\.\s*\w+)+\s*\()/g;

/**
 * Reading a property has no side effect: zod's own modules read properties at load (its registries), which
 * otherwise keeps them, whole, wherever a module merely imports zod.
 */
export const BROWSER_TREESHAKE = { propertyReadSideEffects: false } as const;

export function pureZodSchemas(): Plugin {
  return {
    name: 'reviewflow:pure-zod-schemas',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!SHARED_SOURCE.test(id) || !code.includes("from 'zod'")) return null;
      return { code: code.replace(ZOD_CALL, '/* @__PURE__ */ z'), map: null };
    },
  };
}
