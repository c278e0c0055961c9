import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { createApp, createAppContext } from './app';
import { openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { EnvError, loadEnv } from './env';
import { createAuthService, createUsersRepository } from './features/auth';
import { createHttpServer } from './lib/http-server';
import { createLogger } from './lib/logger';
import { projectRoot } from './paths';
import { createScheduler } from './lib/queue/scheduler';
import { createWorker } from './lib/queue/worker';
import { createBackgroundWork } from './jobs';
import { resolveSessionSecret } from './lib/session-secret';
import { seedDemo } from './seed/demo';
import { createPlanLimits } from './features/billing';
import { answerRuntimeStatsOverIpc } from './lib/runtime-stats';

const SHUTDOWN_GRACE_MS = 10_000;

async function loadDotEnv(): Promise<void> {
  const file = path.join(projectRoot, '.env');
  if (fs.existsSync(file)) process.loadEnvFile(file);
}

async function main(): Promise<void> {
  await loadDotEnv();
  let env;
  try {
    env = loadEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(env.LOG_LEVEL);
  const dev = process.argv.includes('--dev');

  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await migrateDatabase(handle);
  logger.info({ database: handle.kind }, 'database ready');

  // Every client starts on the free plan; it exists before anyone signs up (PRODUCT.md section 8).
  await createPlanLimits({ db: handle.db, env, now: () => new Date() }).freePlan();
  const auth = createAuthService(createUsersRepository(handle.db));
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    await auth.ensureAdmin(env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    logger.info({ email: env.ADMIN_EMAIL }, 'admin account ensured');
  }
  if (env.seedDemo) await seedDemo(handle.db, auth, logger);

  const vite = dev
    ? await (
        await import('vite')
      ).createServer({
        configFile: path.join(projectRoot, 'vite.config.ts'),
        server: { middlewareMode: true },
        appType: 'spa',
      })
    : undefined;
  const staticDir = path.join(projectRoot, 'dist/public');
  const version = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8'))
    .version as string;
  const sessionSecret = resolveSessionSecret(env.SESSION_SECRET, env.DATA_DIR);
  const context = createAppContext({ db: handle.db, env, logger, sessionSecret });
  // Durable jobs (sending, imports, alerts): every process runs a worker; SKIP LOCKED shares the work. Every
  // process also runs the recurring tasks, which only queue jobs under dedupe keys.
  const background = createBackgroundWork(context);
  const worker = createWorker({
    db: handle.db,
    logger,
    handlers: background.handlers,
    soleProcess: handle.kind === 'pglite',
  });
  worker.start();
  const scheduler = createScheduler({ tasks: background.tasks, logger });
  scheduler.start();
  const app = createApp({
    db: handle.db,
    env,
    logger,
    version,
    sessionSecret,
    context,
    queueRunning: () => worker.running,
    devMiddleware: vite?.middlewares,
    staticDir: !dev && fs.existsSync(path.join(staticDir, 'index.html')) ? staticDir : undefined,
  });

  const server = createHttpServer(app);
  server.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : env.PORT;
    logger.info({ port }, `ReviewFlow listening on http://localhost:${port}`);
    // A parent that started this process with an IPC channel (the tests, PORT=0) learns the port it got.
    process.send?.({ listening: port });
  });
  answerRuntimeStatsOverIpc(process);

  let stopping = false;
  // While stopping, each finished response closes its connection, so keep-alive sockets don't hold the exit.
  server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    if (stopping) res.setHeader('Connection', 'close');
  });
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    // The worker stops claiming at once and finishes the jobs in flight before the database closes.
    const workerStopped = Promise.all([scheduler.stop(), worker.stop()]);
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    server.close(async () => {
      clearTimeout(force);
      await vite?.close();
      await workerStopped;
      context.mailer.close();
      await handle.close();
      logger.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
