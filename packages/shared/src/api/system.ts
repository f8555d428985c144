import { healthResponse, notReadyResponse, readyResponse, siteConfigResponse } from '../schemas/site.ts';
import { endpoint } from './endpoint.ts';

const tags = ['system'];

/** Liveness, readiness, and the outside addresses the web app links to. */
export const systemEndpoints = {
  health: endpoint({ method: 'GET', path: '/health', auth: 'public', tags, responses: { 200: healthResponse } }),
  siteConfig: endpoint({ method: 'GET', path: '/site-config', auth: 'public', tags, responses: { 200: siteConfigResponse } }),
  ready: endpoint({
    method: 'GET',
    path: '/ready',
    auth: 'public',
    tags,
    description: 'Ready when the database answers and every migration is applied.',
    responses: { 200: readyResponse, 503: notReadyResponse },
  }),
};
