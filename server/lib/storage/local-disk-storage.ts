import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import { assertValidKey, type ByteRange, type FileStorage, type StoredFile } from './file-storage';

interface Meta {
  contentType: string;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/**
 * Files under `root` (`${DATA_DIR}/uploads`), each beside a small `.meta.json` holding its content type.
 * Writes go to a temporary name first and are renamed into place, so a reader never sees half a file.
 */
export function createLocalDiskStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split('/'));
  };
  const metaOf = (file: string) => `${file}.meta.json`;

  async function readMeta(file: string): Promise<Meta> {
    try {
      return JSON.parse(await fsp.readFile(metaOf(file), 'utf8')) as Meta;
    } catch {
      return { contentType: 'application/octet-stream' };
    }
  }

  async function stat(key: string) {
    const file = fileOf(key);
    try {
      const info = await fsp.stat(file);
      if (!info.isFile()) return undefined;
      return { size: info.size, contentType: (await readMeta(file)).contentType };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  return {
    async put(key, body, contentType) {
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, fs.createWriteStream(temp));
        await fsp.writeFile(metaOf(file), JSON.stringify({ contentType } satisfies Meta));
        await fsp.rename(temp, file);
      } catch (error) {
        await fsp.rm(temp, { force: true });
        throw error;
      }
    },

    async get(key, range?: ByteRange): Promise<StoredFile | undefined> {
      const info = await stat(key);
      if (!info) return undefined;
      const stream = fs.createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : {});
      return { stream, ...info };
    },

    stat,

    async move(from, to) {
      const source = fileOf(from);
      const target = fileOf(to);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      try {
        await fsp.rename(source, target);
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
      await fsp.rename(metaOf(source), metaOf(target)).catch(() => {});
      return true;
    },

    async delete(key) {
      const file = fileOf(key);
      await fsp.rm(file, { force: true });
      await fsp.rm(metaOf(file), { force: true });
    },

    async deleteAll(prefix) {
      await fsp.rm(fileOf(prefix), { recursive: true, force: true });
    },

    async sweep(prefix, before) {
      const start = fileOf(prefix);
      let removed = 0;
      const pending = [start];
      while (pending.length > 0) {
        const dir = pending.pop()!;
        let entries: fs.Dirent[];
        try {
          entries = await fsp.readdir(dir, { withFileTypes: true });
        } catch (error) {
          if (isMissing(error)) continue;
          throw error;
        }
        for (const entry of entries) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) {
            pending.push(full);
            continue;
          }
          const info = await fsp.stat(full).catch(() => undefined);
          if (!info || info.mtime >= before) continue;
          await fsp.rm(full, { force: true });
          if (!entry.name.endsWith('.meta.json')) removed += 1;
        }
        // An emptied folder (one per link) goes too; the root of the sweep stays.
        if (dir !== start) await fsp.rmdir(dir).catch(() => {});
      }
      return removed;
    },

    async freeBytes() {
      await fsp.mkdir(root, { recursive: true });
      const info = await fsp.statfs(root);
      return Number(info.bavail) * Number(info.bsize);
    },
  };
}
