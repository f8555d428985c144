import { usersEndpoints as e } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { member } from '../../http/member-guard.ts';
import { route } from '../../http/route.ts';
import type { AppInstance } from '../../http/types.ts';
import { notFound } from '../../lib/errors.ts';
import { findUserById } from './find-user.ts';
import { updateMe } from './update-me.ts';
import { toUserView } from './user-view.ts';

export function usersRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    route(app, e.me, async (req) => {
      const user = await findUserById(deps.db, member(req).userId);
      if (!user) throw notFound();
      return toUserView(user);
    });

    route(app, e.updateMe, async (req) => updateMe(deps.db, member(req).userId, req.body));
  };
}
