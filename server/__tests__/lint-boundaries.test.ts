import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The boundaries eslint.config.js claims (docs/conventions.md, "A feature is a sealed module"), each probed by
 * an import that breaks it. Issue 44: a rule matching import text let relative paths, the @server alias and
 * infrastructure-to-feature imports through, so every probe is linted as a file in the zone it tests and must
 * be refused by the rule that resolves paths. The probes are linted as text; no file is written.
 */
const root = path.resolve(import.meta.dirname, '../..');
const RESTRICTED = 'import-x/no-restricted-paths';

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** Each problem as "rule: message", so a probe names the zone that must refuse it. */
async function problemsIn(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((message) => `${message.ruleId ?? 'fatal'}: ${message.message}`);
}

const SEALED = 'through its index.ts';
const INFRA = 'know no feature';

const probes: { name: string; file: string; code: string; zone: string }[] = [
  {
    name: 'a feature imports another feature’s repository by a relative path',
    file: 'server/features/dashboard/lint-probe.ts',
    code: "import { reviewsIn } from '../reviews/reviews.repository';\nexport const probe = reviewsIn;\n",
    zone: SEALED,
  },
  {
    name: 'integrations imports the replies feature’s port file instead of its index.ts',
    file: 'server/features/integrations/lint-probe.ts',
    code: "export type { ReplyPublisher } from '../replies/reply-publisher';\n",
    zone: SEALED,
  },
  {
    name: 'jobs.ts imports the replies feature’s jobs file',
    file: 'server/lint-probe.ts',
    code: "export { createReplyJobHandlers } from './features/replies/replies.jobs';\n",
    zone: SEALED,
  },
  {
    name: 'a feature imports another feature’s service through the @server alias',
    file: 'server/features/team/lint-probe.ts',
    code: "export { createAuthService } from '@server/features/auth/auth.service';\n",
    zone: SEALED,
  },
  {
    name: 'routes/ imports a feature’s routes file instead of its index.ts',
    file: 'server/routes/lint-probe.ts',
    code: "export { createReviewsRoutes } from '../features/reviews/reviews.routes';\n",
    zone: SEALED,
  },
  {
    name: 'lib/ imports a feature, even through its index.ts',
    file: 'server/lib/lint-probe.ts',
    code: "import { createReviewsRoutes } from '../features/reviews';\nexport const probe = createReviewsRoutes;\n",
    zone: INFRA,
  },
  {
    name: 'middleware/ imports a feature by the @server alias',
    file: 'server/middleware/lint-probe.ts',
    code: "export { membershipLookup } from '@server/features/team';\n",
    zone: INFRA,
  },
  {
    name: 'db/ imports a feature’s repository',
    file: 'server/db/lint-probe.ts',
    code: "export { reviewsIn } from '../features/reviews/reviews.repository';\n",
    zone: INFRA,
  },
  {
    name: 'db/ imports lib/, which sits above it',
    file: 'server/db/lint-probe.ts',
    code: "export { AppError } from '../lib/errors';\n",
    zone: 'db/ is below lib/',
  },
  {
    name: 'client/src/lib imports a component',
    file: 'client/src/lib/lint-probe.ts',
    code: "export { toast } from '@/components/ui/use-toast';\n",
    zone: 'lib/ is below components/',
  },
  {
    name: 'the client imports server code',
    file: 'client/src/lib/lint-probe.ts',
    code: "export { AppError } from '@server/lib/errors';\n",
    zone: 'never imports server code',
  },
  {
    name: 'a client feature imports another feature’s internals by a relative path',
    file: 'client/src/features/dashboard/lint-probe.ts',
    code: "export { getReviews } from '../reviews/api/get-reviews';\n",
    zone: 'through its index.ts',
  },
  {
    name: 'a client feature imports the app layer',
    file: 'client/src/features/dashboard/lint-probe.ts',
    code: "export * from '../../app/routes';\n",
    zone: 'must not import the app layer',
  },
  {
    name: 'client/src/lib imports a feature through its index.ts',
    file: 'client/src/lib/lint-probe.ts',
    code: "export { useTemplates } from '@/features/templates';\n",
    zone: 'must not import features',
  },
  {
    name: 'shared/ imports the client',
    file: 'shared/lint-probe.ts',
    code: "export { cn } from '../client/src/lib/utils';\n",
    zone: 'imports neither',
  },
  {
    name: 'shared/ imports the server by alias',
    file: 'shared/lint-probe.ts',
    code: "export { AppError } from '@server/lib/errors';\n",
    zone: 'imports neither',
  },
  {
    name: 'a service writes a table (outside a repository)',
    file: 'server/features/reviews/lint-probe.service.ts',
    code: [
      "import type { Database } from '@server/db/client';",
      "import { auditLog } from '@server/db/schema';",
      'export const write = (db: Database) => db.delete(auditLog);',
      '',
    ].join('\n'),
    zone: 'Only *.repository.ts',
  },
  {
    name: 'a routes file imports its own feature’s repository',
    file: 'server/features/reviews/lint-probe.routes.ts',
    code: "export { createReviewsRepository } from './reviews.repository';\n",
    zone: 'never a repository',
  },
];

describe('lint boundaries (eslint.config.js, import-x/no-restricted-paths)', () => {
  it.each(probes)('when $name, then lint refuses it', async ({ file, code, zone }) => {
    // The zone itself must refuse it: another rule matching the import's text does not count.
    const refusals = (await problemsIn(file, code)).filter((problem) =>
      problem.startsWith(`${RESTRICTED}: `),
    );
    expect(refusals).toContainEqual(expect.stringContaining(zone));
  });

  it('when a feature imports another through its index.ts and its own internals, then lint lets it through', async () => {
    const code = [
      "import { reviewsIn } from '../reviews';",
      "import { createDashboardService } from './dashboard.service';",
      'export const allowed = [reviewsIn, createDashboardService];',
      '',
    ].join('\n');
    expect(await problemsIn('server/features/dashboard/lint-probe.ts', code)).toEqual([]);
  });

  it('when routes/ imports a feature’s index.ts by the @server alias, then lint lets it through', async () => {
    const code = "export { createReviewsRoutes } from '@server/features/reviews';\n";
    expect(await problemsIn('server/routes/lint-probe.ts', code)).toEqual([]);
  });
});
