import { blogEndpoints as e, TAG_MSG } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { operator } from '../../http/operator-guard.ts';
import { route } from '../../http/route.ts';
import type { AppInstance } from '../../http/types.ts';
import { createTag } from './create-tag.ts';
import { deleteTag } from './delete-tag.ts';
import { listTags } from './list-tags.ts';
import { readTagPage } from './read-tag-page.ts';
import { updateTag } from './update-tag.ts';

/** Tags (decision 204): the public tag page's read and the operators' tag calls (under blogRoutes). */
export function tagRoutes(deps: Deps, app: AppInstance) {
  route(app, e.tagPage, async (req) => readTagPage(deps.db, req.params.slug, req.query));
  route(app, e.adminTags, async (req) => listTags(deps.db, req.query));
  route(app, e.createTag, async (req) => createTag(deps.db, operator(req), req.body));
  route(app, e.updateTag, async (req) => updateTag(deps.db, operator(req), req.params.id, req.body));
  route(app, e.removeTag, async (req) => {
    await deleteTag(deps.db, operator(req), req.params.id);
    return { message: TAG_MSG.deleted };
  });
}
