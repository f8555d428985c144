import { IMAGE_UPLOAD, mediaEndpoints as e, MSG } from '@assay/shared';
import type { FastifyError } from 'fastify';
import type { Deps } from '../../deps.ts';
import { errorHandler } from '../../http/error-handler.ts';
import { operator } from '../../http/operator-guard.ts';
import { route } from '../../http/route.ts';
import type { AppInstance } from '../../http/types.ts';
import { AppError } from '../../lib/errors.ts';
import { mediaKey, storeImage } from './store-image.ts';

/** Room for the multipart envelope around a file of the largest accepted size. */
const ENVELOPE_BYTES = 64 * 1024;

/** POST /api/media/images (operators): register under the API prefix. */
export function mediaApiRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    // Only in this plugin: the file arrives whole as a buffer, read by the platform's FormData parser.
    app.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: IMAGE_UPLOAD.maxBytes + ENVELOPE_BYTES },
      (_req, body, done) => done(null, body),
    );
    app.setErrorHandler((error: FastifyError, request, reply) =>
      errorHandler(
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? (new AppError(413, MSG.imageTooLarge, 'image_too_large') as unknown as FastifyError)
          : error,
        request,
        reply,
      ),
    );

    route(app, e.upload, async (req) => {
      const type = req.headers['content-type'] ?? '';
      if (!/^multipart\/form-data/i.test(type) || !Buffer.isBuffer(req.body)) throw new AppError(422, MSG.imageMissing, 'image_missing');
      const form = await new Request('http://upload.invalid/', { method: 'POST', headers: { 'content-type': type }, body: req.body })
        .formData()
        .catch(() => undefined);
      const file = form?.get(IMAGE_UPLOAD.field);
      if (!file || typeof file === 'string') throw new AppError(422, MSG.imageMissing, 'image_missing');
      return storeImage(deps, operator(req), Buffer.from(await file.arrayBuffer()), file.name);
    });
  };
}

const FILE = /^([a-f0-9]{64})\.webp$/;

/** GET /media/<hash>.webp: register at the site root. */
export function mediaSiteRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    route(app, e.file, async (req, reply) => {
      const hash = FILE.exec(req.params.file)?.[1];
      const stored = hash ? await deps.blobs.get(mediaKey(hash)) : undefined;
      if (!hash || !stored) return reply.code(404).type('application/json').send({ detail: MSG.notFound, code: 'not_found' });
      const etag = `"${hash}"`;
      reply.header('Cache-Control', 'public, max-age=31536000, immutable').header('ETag', etag);
      if (req.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) {
        stored.body.destroy();
        return reply.code(304).send();
      }
      if (stored.size !== undefined) reply.header('Content-Length', stored.size);
      return reply.type('image/webp').send(stored.body);
    });
  };
}
