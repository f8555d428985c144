import { blogEndpoints as e, MSG } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { operator } from '../../http/operator-guard.ts';
import { route } from '../../http/route.ts';
import type { AppInstance } from '../../http/types.ts';
import { pageHeaders } from '../../lib/paging.ts';
import { createPost } from './create-post.ts';
import { deletePost } from './delete-post.ts';
import { noteEditing, stopEditing } from './post-editors.ts';
import { listAdminPosts } from './list-admin-posts.ts';
import { listPublishedPosts } from './list-published-posts.ts';
import { createPreviewLink, readPreview } from './preview-link.ts';
import { publishPost } from './publish-post.ts';
import { readPublishedPost } from './read-published-post.ts';
import { restoreRevision } from './restore-revision.ts';
import { listRevisions, readRevision } from './revisions.ts';
import { sanitizePostHtmlWithReport } from './sanitize-post-html.ts';
import { readAdminPost } from './read-admin-post.ts';
import { unpublishPost } from './unpublish-post.ts';
import { updatePost } from './update-post.ts';
import { tagRoutes } from './tags.routes.ts';

export function blogRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    route(app, e.list, async (req) => listPublishedPosts(deps.db, req.query));

    route(app, e.read, async (req) => readPublishedPost(deps.db, req.params.slug, req.query.post_type));

    route(app, e.adminList, async (req, reply) => {
      const { posts, next, total } = await listAdminPosts(deps.db, req.query);
      pageHeaders(reply, { next, total });
      return { posts };
    });

    route(app, e.adminRead, async (req) => readAdminPost(deps.db, req.params.id));

    route(app, e.create, async (req) => createPost(deps.db, deps.queue, operator(req), req.body));

    route(app, e.update, async (req) => updatePost(deps.db, deps.queue, operator(req), req.params.id, req.body));

    route(app, e.revisions, async (req) => listRevisions(deps.db, req.params.id));

    route(app, e.revision, async (req) => readRevision(deps.db, req.params.id, req.params.revisionId));

    route(app, e.restoreRevision, async (req) =>
      restoreRevision(deps.db, deps.queue, operator(req), req.params.id, req.params.revisionId, req.body.version),
    );

    route(app, e.editing, async (req) => noteEditing(deps.db, operator(req), req.params.id));

    route(app, e.stopEditing, async (req) => stopEditing(deps.db, operator(req), req.params.id));

    route(app, e.remove, async (req) => {
      await deletePost(deps.db, operator(req), req.params.id);
      return { message: MSG.postDeleted };
    });

    route(app, e.publish, async (req) => publishPost(deps.db, operator(req), req.params.id));

    route(app, e.unpublish, async (req) => unpublishPost(deps.db, operator(req), req.params.id));

    route(app, e.previewLink, async (req) => createPreviewLink(deps.db, deps.config.JWT_SECRET, req.params.id));

    route(app, e.readPreview, async (req, reply) => {
      reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex, nofollow');
      return readPreview(deps.db, deps.config.JWT_SECRET, req.params.token);
    });

    route(app, e.preview, async (req) => sanitizePostHtmlWithReport(req.body.content));

    tagRoutes(deps, app);
  };
}
