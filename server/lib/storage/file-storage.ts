import type { Readable } from 'node:stream';

/** An inclusive byte range, as HTTP Range uses it. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredFile {
  stream: Readable;
  /** The whole file's size in bytes (not the range's). */
  size: number;
  contentType: string;
}

/**
 * Where uploaded files live. Keys are relative paths of [A-Za-z0-9_-] segments joined by '/'. The local
 * disk implementation is the default; an S3-compatible store implements the same calls
 * (PutObject, GetObject with Range, DeleteObject, CopyObject + DeleteObject for move, ListObjectsV2 +
 * DeleteObjects for deleteAll).
 */
export interface FileStorage {
  put(key: string, body: Readable | Buffer, contentType: string): Promise<void>;
  /** undefined when there is no such file. */
  get(key: string, range?: ByteRange): Promise<StoredFile | undefined>;
  /** Size and type without reading the file; undefined when missing. */
  stat(key: string): Promise<{ size: number; contentType: string } | undefined>;
  /** Renames a file; false when `from` does not exist. */
  move(from: string, to: string): Promise<boolean>;
  /** Deleting a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Deletes every file under `prefix`, the folder with them; a missing folder is not an error. */
  deleteAll(prefix: string): Promise<void>;
  /** Deletes every file under `prefix` last written before `before`; answers how many went. */
  sweep(prefix: string, before: Date): Promise<number>;
  /** Bytes still free where files are written (a store without a limit answers Infinity). */
  freeBytes(): Promise<number>;
}

const KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;

/** Keys never climb out of the storage root: no '..', no absolute paths, no odd characters. */
export function assertValidKey(key: string): void {
  if (!KEY.test(key) || key.length > 300) throw new Error(`Invalid storage key: ${key}`);
}
