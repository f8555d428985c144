import { API_BASE, type Endpoint, type EndpointRequest, type EndpointResult } from '@assay/shared';
import type { FastifyReply, FastifyRequest, FastifySchema, RouteHandlerMethod, RouteOptions } from 'fastify';
import type { AppInstance } from './types.ts';

/** The request a handler gets: params, query, headers and body as the declaration's schemas parsed them. */
export type RouteRequest<E extends Endpoint> = FastifyRequest<{
  Params: EndpointRequest<E>['params'];
  Querystring: EndpointRequest<E>['query'];
  Headers: EndpointRequest<E>['headers'];
  Body: EndpointRequest<E>['body'];
}>;

/** A JSON endpoint's handler returns its body (serialised through the declared schema); any other sends its own. */
export type RouteHandler<E extends Endpoint> = (
  request: RouteRequest<E>,
  reply: FastifyReply,
) => Promise<E extends { produces: string } ? FastifyReply | void : EndpointResult<E>>;

/** Route options a declaration does not cover (a hook of one route). */
export type RouteExtras = Pick<RouteOptions, 'onResponse'>;

type Security = Record<string, string[]>[];
const SECURITY: Record<Endpoint['auth'], Security | undefined> = {
  public: undefined,
  member: [{ bearer: [] }],
  operator: [{ admin: [] }],
  member_or_operator: [{ bearer: [] }, { admin: [] }],
  expert: [{ expert: [] }],
};

/**
 * Registers the route of a declared endpoint (packages/shared/src/api): its method and path, the
 * zod schemas Fastify validates and serialises with (and documents in OpenAPI), and the guard its
 * auth kind names. A JSON endpoint with one success status other than 200 answers with it.
 */
export function route<E extends Endpoint>(app: AppInstance, e: E, handler: RouteHandler<E>, extras: RouteExtras = {}) {
  const mount = e.mount === 'site' ? '' : API_BASE;
  if (app.prefix !== mount) throw new Error(`${e.method} ${e.path} is declared under "${mount}" but registered under "${app.prefix}"`);
  const security = SECURITY[e.auth];
  const guard = e.auth === 'public' ? undefined : app.guards?.[e.auth];
  if (e.auth !== 'public' && !guard) throw new Error(`${e.method} ${e.path}: registerAuthentication() must run before its routes`);

  const schema: FastifySchema & Record<string, unknown> = { tags: [...e.tags] };
  if (e.mount === 'site') schema.hide = true;
  if (e.description) schema.description = e.description;
  if (security) schema.security = security;
  if (e.params) schema.params = e.params;
  if (e.query) schema.querystring = e.query;
  if (e.headers) schema.headers = e.headers;
  if (e.body) schema.body = e.body;
  if (e.form) schema.consumes = ['application/json', 'application/x-www-form-urlencoded'];
  if (e.multipart) schema.consumes = ['multipart/form-data'];
  if (e.responses) schema.response = e.responses;
  if (e.produces) schema.produces = [e.produces];

  const success = Object.keys(e.responses ?? {})
    .map(Number)
    .filter((status) => status >= 200 && status < 300);
  const status = success.length === 1 && success[0] !== 200 ? success[0] : undefined;
  const handle = handler as unknown as RouteHandlerMethod;
  app.route({
    ...extras,
    method: e.method,
    url: e.path,
    schema,
    config: { endpoint: e },
    // preValidation, not preHandler: a caller is authenticated before its body is validated, so
    // a stranger's malformed body gets 401, never a 422 that describes the schema (issue 26).
    ...(guard ? { preValidation: guard } : {}),
    handler:
      status === undefined
        ? handle
        : function (request, reply) {
            reply.code(status);
            return handle.call(this, request, reply);
          },
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declaration the route was registered from (route()). */
    endpoint?: Endpoint;
  }
}

/**
 * Refuses, at start, any route registered in this context (and those inside it) that did not
 * come from a declaration: each endpoint is declared once, in packages/shared/src/api.
 */
export function onlyDeclaredRoutes(app: AppInstance) {
  app.addHook('onRoute', (options) => {
    if (!options.config?.endpoint) {
      throw new Error(
        `${String(options.method)} ${options.url} is not declared: add it to packages/shared/src/api and register it with route()`,
      );
    }
  });
}
