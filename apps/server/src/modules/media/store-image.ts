import { createHash } from 'node:crypto';
import { hasControlCharacters, IMAGE_UPLOAD, MSG, type ImageUpload } from '@assay/shared';
import type { OutputInfo } from 'sharp';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { audit, type OperatorAuth } from '../operators/index.ts';
import { sniffImageType } from './image-type.ts';

/** Refuses decompression bombs: a few kilobytes that would decode to gigabytes of pixels. */
const MAX_INPUT_PIXELS = 50_000_000;

export const mediaKey = (hash: string) => `media/${hash}.webp`;

/**
 * An uploaded image, checked by its bytes (not its name or declared type), scaled down to
 * IMAGE_UPLOAD.maxWidth, turned upright (EXIF orientation), stripped of its metadata, and stored
 * as WebP under the SHA-256 of the stored bytes: the same picture uploaded twice is one file.
 */
export async function storeImage(deps: Pick<Deps, 'db' | 'blobs'>, op: OperatorAuth, file: Buffer, name: string): Promise<ImageUpload> {
  if (file.length > IMAGE_UPLOAD.maxBytes) throw new AppError(413, MSG.imageTooLarge, 'image_too_large');
  // The name goes into the audit log: a NUL (which PostgreSQL cannot store) is a 422, not a 500.
  if (hasControlCharacters(name)) throw new AppError(422, MSG.imageBadName, 'image_bad_name');
  const type = sniffImageType(file);
  if (!type) throw new AppError(422, MSG.imageWrongType, 'image_wrong_type');
  // Loaded on the first upload: libvips costs start-up time and resident memory on every process.
  const { default: sharp } = await import('sharp');
  let out: { data: Buffer; info: OutputInfo };
  try {
    out = await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: IMAGE_UPLOAD.maxWidth, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError(422, MSG.imageUnreadable, 'image_unreadable');
  }
  const hash = createHash('sha256').update(out.data).digest('hex');
  // Audit first, and store inside its transaction: a failed audit stores nothing, and a failed
  // store leaves no audit entry for an upload that did not happen.
  await deps.db.transaction(async (tx) => {
    await audit(tx, op, 'media.upload', `media:${hash}`, {
      name: name.slice(0, 200),
      type,
      bytes: file.length,
      stored_bytes: out.data.length,
    });
    await deps.blobs.put(mediaKey(hash), out.data, 'image/webp');
  });
  return { url: `/media/${hash}.webp`, width: out.info.width, height: out.info.height, bytes: out.data.length };
}
