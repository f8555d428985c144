-- Every server process keeps copies of the public reads (post lists, posts, packages, sitemap,
-- feeds) and drops them when what they show changes (docs/decisions/120-public-read-cache.md).
-- These triggers tell every process, the one that made the change included: NOTIFY is sent when
-- the transaction commits, once per transaction and payload, and never for a rollback.

CREATE FUNCTION notify_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('assay_content_changed', TG_ARGV[0]);
  RETURN NULL;
END
$$;

CREATE TRIGGER posts_changed AFTER INSERT OR DELETE OR TRUNCATE ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed('posts');
-- Any column but the view count, which the view writer moves every few seconds (columns added
-- later are covered without naming them).
CREATE TRIGGER posts_changed_update AFTER UPDATE ON posts FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'view_count') IS DISTINCT FROM (to_jsonb(NEW) - 'view_count'))
  EXECUTE FUNCTION notify_content_changed('posts');
-- Former slugs answer with a redirect.
CREATE TRIGGER post_slugs_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON post_slugs
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed('posts');
CREATE TRIGGER token_packages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON token_packages
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed('packages');
CREATE TRIGGER token_package_prices_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON token_package_prices
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed('packages');

-- The version counter that the sitemap and feeds read on every request (migration 050) is
-- replaced by the notifications above: one way to learn of a change.
DROP TRIGGER posts_version ON posts;
DROP FUNCTION stat_posts_changed();
DELETE FROM stat_counters WHERE name = 'posts_version';
