import { imageUploadResponse, mediaFileParams } from '../schemas/media.ts';
import { endpoint } from './endpoint.ts';

const tags = ['media'];

/** Images for posts: the operators' upload and the public, long-cached file. */
export const mediaEndpoints = {
  upload: endpoint({
    method: 'POST',
    path: '/media/images',
    auth: 'operator',
    tags,
    multipart: true,
    description:
      'multipart/form-data with one `file`: a JPEG, PNG, WebP or GIF (checked by its bytes) of at most 5 MB. ' +
      'Scaled down to 1600 px wide, stored as WebP under its content hash. 413 when too large, 422 when not such an image.',
    responses: { 201: imageUploadResponse },
  }),
  file: endpoint({
    method: 'GET',
    path: '/media/:file',
    mount: 'site',
    auth: 'public',
    tags,
    description: 'A stored image; its name is its content hash, so it is cached for a year (immutable) with an ETag.',
    params: mediaFileParams,
    produces: 'image/webp',
  }),
};
