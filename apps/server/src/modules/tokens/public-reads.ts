import type { PublicReads } from '../../http/public-cache.ts';

/**
 * The packages on sale, answered from a copy until they change. No operator screen edits them
 * yet; a use case that does calls `contentChanged(db, 'packages')` after its commit, and the
 * database's triggers tell every process in any case (migration 070).
 */
export const tokensPublicReads: PublicReads = {
  rules: [{ route: 'GET /api/tokens/packages', topics: ['packages'] }],
};
