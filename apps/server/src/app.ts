import { createServer } from 'node:http';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_BASE, canonicalSpaPath, isSpaPath, MSG, PRODUCT_NAME } from '@assay/shared';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyServerFactory, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Deps } from './deps.ts';
import { registerAuthentication } from './http/authentication.ts';
import { countRequestsForOperatorLane } from './http/operator-lane.ts';
import { errorHandler } from './http/error-handler.ts';
import { onlyDeclaredRoutes } from './http/route.ts';
import { COMPRESSIBLE } from './http/compressible.ts';
import { proxyTrust } from './http/client-address.ts';
import { publicCache, sendCached, type AnswerFromCopy } from './http/public-cache.ts';
import { requestLog } from './http/request-log.ts';
import { securityHeaders } from './http/security-headers.ts';
import { serveSpa } from './http/spa.ts';
import type { AppInstance } from './http/types.ts';
import { accountRoutes } from './modules/account/index.ts';
import { adminRoutes } from './modules/admin/index.ts';
import { expertsRoutes } from './modules/experts/index.ts';
import { authRoutes } from './modules/auth/index.ts';
import { billingRoutes } from './modules/billing/index.ts';
import { blogPublicReads, blogRoutes, type ViewCounter } from './modules/blog/index.ts';
import { contactRoutes } from './modules/contact/index.ts';
import { mailRoutes } from './modules/mail/index.ts';
import { notificationsRoutes } from './modules/notifications/index.ts';
import { operatorsRoutes } from './modules/operators/index.ts';
import { mediaApiRoutes, mediaSiteRoutes } from './modules/media/index.ts';
import { FEED_LINK_TAGS, seoPublicReads, seoRoutes, type SitemapLimits } from './modules/seo/index.ts';
import { purchaseRoutes } from './modules/purchase/index.ts';
import { reportsRoutes } from './modules/reports/index.ts';
import { systemRoutes } from './modules/system/index.ts';
import { tokensPublicReads, tokensRoutes } from './modules/tokens/index.ts';
import { usersRoutes } from './modules/users/index.ts';

export interface BuildAppOptions {
  logger?: FastifyBaseLogger;
  /** The built web app to serve beside the API; omitted in API tests. */
  webDistDir?: string;
  /** The sitemap files' bounds (default: the protocol's; tests lower them). */
  sitemapLimits?: SitemapLimits;
}

/** Fastify's compiler factories, typed for JSON schema; ours hand out zod's compilers for every route. */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * An HTTP server that offers each request to `first` before Fastify's handler, set up as
 * Fastify sets up its own (its keep-alive and timeouts).
 */
const serverAnswering =
  (first: AnswerFromCopy): FastifyServerFactory =>
  (handler, options) => {
    // Fastify hands the factory its options with every default filled in.
    const { keepAliveTimeout, requestTimeout, connectionTimeout } = options as Required<
      Pick<FastifyServerOptions, 'keepAliveTimeout' | 'requestTimeout' | 'connectionTimeout'>
    >;
    const server = createServer((req, res) => first(req, res) || handler(req, res));
    Object.assign(server, { keepAliveTimeout, requestTimeout });
    server.setTimeout(connectionTimeout);
    return server;
  };

/**
 * The whole product as one Fastify app: outside plugins, then ours, then module routes
 * under /api, then the SPA for every other path. Every route a module adds is one declared in
 * packages/shared/src/api (onlyDeclaredRoutes refuses any other).
 */
export async function buildApp(deps: Omit<Deps, 'log'>, options: BuildAppOptions = {}): Promise<AppInstance> {
  // The public reads' copies are answered before Fastify sees the request (decision 137).
  let answerFromCopy: AnswerFromCopy = () => false;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    trustProxy: proxyTrust(deps.config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // Our own request log (http/request-log.ts) replaces Fastify's per-request lines.
    logController: new LogController({ disableRequestLogging: true }),
    // Every schema is zod's (below): naming the compilers here spares loading Ajv and
    // fast-json-stringify, Fastify's JSON-schema defaults, at start (~0.7 s; decision 124).
    schemaController: { compilersFactory: zodCompilers },
    serverFactory: serverAnswering((req, res) => answerFromCopy(req, res)),
  });
  const fullDeps: Deps = { ...deps, log: app.log };

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  registerAuthentication(app, fullDeps);

  requestLog(app);
  countRequestsForOperatorLane(app, deps.db);
  const security = securityHeaders(app);
  // Before compression: a public read keeps its answer uncompressed and makes its own br/gzip.
  const blogReads = blogPublicReads(fullDeps);
  answerFromCopy = await publicCache(app, deps.db, [blogReads, tokensPublicReads, seoPublicReads(blogReads.countView)], security);
  app.decorate('postViews', blogReads.views);
  // HTML, JSON and feeds of 1 KB or more, compressed as they go out (the public reads' copies
  // and the built files carry their own compressed forms; PDFs and event streams are left alone).
  await app.register(compress, { threshold: 1024, customTypes: COMPRESSIBLE });
  await app.register(cookie);
  await app.register(formbody);
  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: '1.0.0', description: 'Every route under /api.' },
      servers: [{ url: API_BASE }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          admin: { type: 'http', scheme: 'basic' },
          expert: { type: 'apiKey', in: 'cookie', name: 'assay_expert' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      await api.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
      onlyDeclaredRoutes(api);
      await api.register(systemRoutes(fullDeps));
      await api.register(authRoutes(fullDeps));
      await api.register(operatorsRoutes(fullDeps));
      await api.register(blogRoutes(fullDeps));
      await api.register(mediaApiRoutes(fullDeps));
      await api.register(contactRoutes(fullDeps));
      await api.register(usersRoutes(fullDeps));
      await api.register(notificationsRoutes(fullDeps));
      await api.register(accountRoutes(fullDeps));
      await api.register(tokensRoutes(fullDeps));
      await api.register(purchaseRoutes(fullDeps));
      await api.register(billingRoutes(fullDeps));
      await api.register(reportsRoutes(fullDeps));
      await api.register(adminRoutes(fullDeps));
      await api.register(mailRoutes(fullDeps));
      await api.register(expertsRoutes(fullDeps));
    },
    { prefix: API_BASE },
  );

  if (options.webDistDir) await serveSpa(app, options.webDistDir, { headTags: FEED_LINK_TAGS });
  // Public pages (rendered on the server), post pages with their own <head>, sitemap, feeds,
  // robots.txt: before the SPA fallback.
  await app.register(async (site) => {
    onlyDeclaredRoutes(site);
    await site.register(seoRoutes(fullDeps, options.sitemapLimits ? { sitemap: options.sitemapLimits } : {}));
    await site.register(mediaSiteRoutes(fullDeps));
  });

  app.setNotFoundHandler((request, reply) => {
    const get = request.method === 'GET' || request.method === 'HEAD';
    // One address per page: `/BLOG`, `/blog/` and `/blog/a-post/` are sent to `/blog` and `/blog/a-post`.
    const at = request.url.indexOf('?');
    const pathname = at < 0 ? request.url : request.url.slice(0, at);
    const canonical = get ? canonicalSpaPath(pathname) : undefined;
    if (canonical !== undefined && canonical !== pathname) return reply.redirect(`${canonical}${at < 0 ? '' : request.url.slice(at)}`, 301);
    if (get && !request.url.startsWith(API_BASE) && app.spaIndexPage) {
      // The app's own "Page not found" screen, with a status crawlers and monitors can read.
      const page = app.spaPageFor?.(request.url.split('?')[0]!) ?? app.spaIndexPage;
      return sendCached(request, reply.code(isSpaPath(request.url) ? 200 : 404), page);
    }
    return reply.code(404).send({ detail: MSG.notFound, code: 'not_found' });
  });

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The batched post view writer (tests flush it). */
    postViews: ViewCounter;
  }
}
