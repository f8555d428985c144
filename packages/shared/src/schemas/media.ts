import { z } from 'zod';
import { pathParam } from './fields.ts';

/** Images operators upload for posts (docs/decisions/145-post-images.md). */
export const IMAGE_UPLOAD = {
  /** Largest file accepted, in bytes (5 MB). */
  maxBytes: 5 * 1024 * 1024,
  /** Wider images are scaled down to this width. */
  maxWidth: 1600,
  /** What the magic bytes may say; anything else is refused. */
  types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  /** The multipart field that carries the file. */
  field: 'file',
} as const;

/** POST /media/images */
export const imageUploadResponse = z.object({
  /** Where the stored image is served: /media/<sha-256 of the stored bytes>.webp */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type ImageUpload = z.infer<typeof imageUploadResponse>;

/** One line; a name that is not a stored image's is a 404. */
export const mediaFileParams = z.object({ file: pathParam(100) });
