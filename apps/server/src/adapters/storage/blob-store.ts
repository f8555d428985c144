import type { Readable } from 'node:stream';

/** Where report PDFs live: files under DATA_DIR (embedded default) or any S3-compatible store. */
export interface BlobStore {
  readonly kind: 'filesystem' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Stores a stream of unknown length holding at most one part in memory (a file written as it
   * arrives; S3 multipart), so a file of any size costs the same memory. Answers its size. Nothing
   * is stored when the stream fails.
   */
  putStream(key: string, body: Readable, contentType: string): Promise<{ size: number }>;
  /** The object as a stream with its size, or undefined when it does not exist. */
  get(key: string): Promise<{ body: Readable; size: number | undefined } | undefined>;
  delete(key: string): Promise<void>;
  /** Stores that write temporary files: removes those untouched for this long (left by a crash). */
  removeStaleTemporaryFiles?(olderThanMs: number): Promise<number>;
}

/** Keys are ours (e.g. reports/<uuid>.pdf); refuse anything that could escape a folder. */
export function assertSafeKey(key: string) {
  if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.includes('..')) throw new Error(`unsafe blob key: ${key}`);
}
