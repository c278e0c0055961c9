import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown, type Plugin as RolldownPlugin } from 'rolldown';
import { describe, expect, it } from 'vitest';

import { BROWSER_TREESHAKE, pureZodSchemas } from '../tree-shaking';

const shared = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared');
const modules = [
  ...readdirSync(path.join(shared, 'schemas')).map((name) => `schemas/${name}`),
  ...readdirSync(shared),
].filter((name) => name.endsWith('.ts'));

/** What a browser build keeps of a shared module when a screen uses none of its exports. */
async function keptWhenUnused(module: string): Promise<string> {
  const bundle = await rolldown({
    input: 'screen',
    treeshake: BROWSER_TREESHAKE,
    logLevel: 'silent',
    plugins: [
      pureZodSchemas() as RolldownPlugin,
      {
        name: 'screen',
        resolveId: (id) => (id === 'screen' ? id : null),
        load: (id) => (id === 'screen' ? `import ${JSON.stringify(path.join(shared, module))};` : null),
      },
    ],
  });
  const { output } = await bundle.generate({ format: 'esm' });
  await bundle.close();
  return output[0].code;
}

// A screen that reads a shared module's constants must not download zod (25 KB gzipped) or libphonenumber
// (31 KB) for schemas it never runs (issue 43, the first load; scripts/tree-shaking.ts). A derived schema
// written at module level (`IdSchema.optional()`) needs `/* @__PURE__ */` in front of it.
describe('shared modules in a browser build', () => {
  it.each(modules)(
    'when a screen uses nothing of %s, then neither zod nor libphonenumber comes with it',
    async (module) => {
      const code = await keptWhenUnused(module);

      expect(code).not.toMatch(/node_modules\/(zod|libphonenumber-js)\//);
    },
  );
});
