import { usersEndpoints as e } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { member } from '../../http/member-guard.ts';
import { route } from '../../http/route.ts';
import type { AppInstance } from '../../http/types.ts';
import { readPreferences, savePreferences } from './preferences.ts';

export function notificationsRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    route(app, e.notificationPreferences, async (req) => readPreferences(deps.db, member(req).userId));
    route(app, e.saveNotificationPreferences, async (req) => savePreferences(deps.db, member(req).userId, req.body));
  };
}
