import { describe, expect, it } from 'vitest';
import { config, z } from 'zod';

import '@/lib/zod-config';

describe('zod-config', () => {
  // main.tsx sets the flag without importing zod, so zod stays out of the first load; this holds only while
  // zod keeps its settings in the global object the module writes to.
  it('turns zod jitless through the global settings object zod reads', () => {
    expect(config().jitless).toBe(true);
  });

  it('still validates with jitless object parsers', () => {
    const schema = z.object({ name: z.string().min(1) });
    expect(schema.safeParse({ name: 'Ann' }).success).toBe(true);
    expect(schema.safeParse({ name: '' }).success).toBe(false);
  });
});
