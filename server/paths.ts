import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findProjectRoot(from: string): string {
  let dir = from;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

/** The project's root, whether running from server/ (tsx) or from the bundle in dist/server/. */
export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));
