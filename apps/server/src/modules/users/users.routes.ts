import { updateMeRequest, userSchema } from '@assay/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import type { AppInstance } from '../../http/types.ts';
import { notFound } from '../../lib/errors.ts';
import { member, requireMember } from '../auth/index.ts';
import { findUserById } from './find-user.ts';
import { updateMe } from './update-me.ts';
import { toUserView } from './user-view.ts';

export function usersRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const schema = { tags: ['users'], security: [{ bearer: [] }] };
    r.addHook('preHandler', requireMember(deps));

    r.get('/users/me', { schema: { ...schema, response: { 200: userSchema } } }, async (req) => {
      const user = await findUserById(deps.db, member(req).userId);
      if (!user) throw notFound();
      return toUserView(user);
    });

    r.patch('/users/me', { schema: { ...schema, body: updateMeRequest, response: { 200: userSchema } } },
      async (req) => updateMe(deps.db, member(req).userId, req.body));
  };
}
