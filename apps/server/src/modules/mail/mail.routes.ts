import { adminEndpoints as e } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import type { AppInstance } from '../../http/types.ts';
import { previewMails } from './preview-mails.ts';

/**
 * The operators' preview of every mail (decision 240). Not registered in production, where it
 * answers 404: sample data has no business on a live server, and wording is checked before a
 * deploy, not after it.
 */
export function mailRoutes(deps: Pick<Deps, 'config'>) {
  return async (app: AppInstance) => {
    if (deps.config.NODE_ENV === 'production') return;
    route(app, e.mailPreviews, async () => previewMails(deps.config));
  };
}
