import type { Database } from '../db/client';
import type { Env } from '../env';
import type { SecretBox } from './crypto';
import type { Logger } from './logger';

/** What every feature's routes are built from. */
export interface AppContext {
  db: Database;
  env: Env;
  logger: Logger;
  /** Encrypts provider tokens at rest (lib/crypto.ts). */
  secretBox: SecretBox;
}
