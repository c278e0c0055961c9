/**
 * How both browser builds (vite.config.ts, vite.review-page.config.ts) drop code a screen imports but never
 * runs (issue 43, the first load; docs/decisions/016-first-load-on-a-diet.md). A screen imports constants,
 * messages and types from shared modules that also build zod schemas; these options let the bundler drop the
 * schemas, and zod with them, when the screen does not validate:
 * - building a zod schema (`z.object(…)`, `z.string().min(…)`) has no side effect;
 * - reading a property has no side effect (the schemas read their messages from constant objects);
 * - a schema derived from another (`IdSchema.optional()`) is marked `/* @__PURE__ *\/` where it is written.
 * scripts/__tests__/tree-shaking.test.ts fails when a shared module brings zod or libphonenumber to a screen
 * that only reads its constants.
 */
export const BROWSER_TREESHAKE = {
  manualPureFunctions: ['z'],
  propertyReadSideEffects: false,
} as const;
