import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type BlobStore } from './blob-store.ts';

const TMP_SUFFIX = '.tmp';

export function createFilesystemStore(root: string): BlobStore {
  const file = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    kind: 'filesystem',
    async put(key, body) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const tmp = `${target}.${process.pid}${TMP_SUFFIX}`;
      await writeFile(tmp, body);
      await rename(tmp, target);
    },
    async putStream(key, body) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}${TMP_SUFFIX}`;
      let size = 0;
      const count = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(body, count, createWriteStream(tmp));
        await rename(tmp, target);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
      return { size };
    },
    async get(key) {
      const target = file(key);
      const info = await stat(target).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return { body: createReadStream(target), size: info.size };
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
    async removeStaleTemporaryFiles(olderThanMs) {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      let removed = 0;
      for (const e of entries) {
        if (!e.isFile() || !e.name.endsWith(TMP_SUFFIX)) continue;
        const tmp = path.join(e.parentPath, e.name);
        const info = await stat(tmp).catch(() => undefined);
        if (info && Date.now() - info.mtimeMs > olderThanMs) {
          await rm(tmp, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}
