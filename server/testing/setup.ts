import { afterEach, beforeEach, inject, vi } from 'vitest';
import { useDatabaseTemplates } from './test-db';

useDatabaseTemplates({
  pgliteFile: inject('pgliteTemplateFile'),
  serverDatabase: inject('serverTemplateDatabase'),
});

// An unexpected console.error is a defect: it fails the test that caused it.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error called: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});
