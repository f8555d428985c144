-- The sitemap's files list published posts oldest first, a fixed number per file
-- (docs/decisions/173-canonical-public-addresses.md): file n reads from this index at its offset
-- instead of sorting every published post, and counting them for the index is an index-only scan.
CREATE INDEX posts_sitemap_idx ON posts (published_at, id) WHERE status = 'published';
