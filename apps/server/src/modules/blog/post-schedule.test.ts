import { basicAuthorization, POST_EDITOR_MSG, type PostListResponse, type PostSaved } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperatorTestApp, type TestApp } from '../../../test/test-app.ts';
import { publishScheduledJob } from './index.ts';

/** Scheduled publication (issue 30, decision 202): stored, validated, and published by its job. */
const ADMIN = { username: 'scheduler-ops', password: 'Scheduler-Pass-2026' };
const asAdmin = { authorization: basicAuthorization(ADMIN.username, ADMIN.password) };
let t: TestApp;
beforeAll(async () => {
  t = await createOperatorTestApp(ADMIN);
});
afterAll(() => t.close());

const body = (over: Record<string, unknown> = {}) => ({
  title: 'Scheduled post',
  description: 'Goes out later.',
  content: '<p>Later.</p>',
  post_type: 'blog',
  ...over,
});
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const create = async (over: Record<string, unknown> = {}) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/blog/admin/posts', headers: asAdmin, payload: body(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PostSaved>();
};
const queued = async (postId: string) =>
  (
    await t.db.query<{ data: { publish_at: string }; start_after: Date }>(
      `SELECT data, start_after FROM pgboss.job WHERE name = 'blog.publish-scheduled' AND data->>'post_id' = $1 ORDER BY created_on`,
      [postId],
    )
  ).rows;
const run = (postId: string, publishAt: string) =>
  publishScheduledJob.start(t.deps).handle({ id: 'x', retryCount: 0, retryLimit: 5, data: { post_id: postId, publish_at: publishAt } });
const publicTitles = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/blog/posts?post_type=blog&limit=50' }))
    .json<PostListResponse>()
    .posts.map((p) => p.title);

describe('scheduling a post', () => {
  it('stores the time as a draft and queues its publication for then', async () => {
    const at = inMinutes(30);
    const post = await create({ title: 'Thirty minutes', publish_at: at });
    expect(post).toMatchObject({ status: 'draft', publish_at: at, published_at: null });
    const jobs = await queued(post.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.data.publish_at).toBe(at);
    expect(jobs[0]!.start_after.toISOString()).toBe(at);
  });

  it('refuses a time in the past or nonsense, with a clear detail', async () => {
    const past = await t.app.inject({
      method: 'POST',
      url: '/api/blog/admin/posts',
      headers: asAdmin,
      payload: body({ publish_at: inMinutes(-1) }),
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().detail).toBe(POST_EDITOR_MSG.postPublishAtPast);
    const junk = await t.app.inject({
      method: 'POST',
      url: '/api/blog/admin/posts',
      headers: asAdmin,
      payload: body({ publish_at: 'tomorrow' }),
    });
    expect(junk.statusCode).toBe(422);
    expect(junk.json().errors).toHaveProperty('publish_at');
  });

  it('the job publishes the post at its time (publication date = the scheduled time), once', async () => {
    const post = await create({ title: 'Due now', publish_at: inMinutes(10) });
    const at = post.publish_at!;
    expect(await publicTitles()).not.toContain('Due now');
    // Not before its time, even if a job ran early.
    await run(post.id, at);
    expect(await publicTitles()).not.toContain('Due now');

    // Its time comes (moved into the past, as the clock would).
    const due = new Date(Date.now() - 1000).toISOString();
    await t.db.query(`UPDATE posts SET publish_at = $2 WHERE id = $1`, [post.id, due]);
    await run(post.id, due);
    await run(post.id, due);
    expect(await publicTitles()).toContain('Due now');
    const row = (
      await t.db.query<{ status: string; published_at: Date; publish_at: Date | null; version: number; updated_by: string }>(
        'SELECT status, published_at, publish_at, version, updated_by FROM posts WHERE id = $1',
        [post.id],
      )
    ).rows[0]!;
    expect(row).toMatchObject({ status: 'published', publish_at: null, version: 2, updated_by: 'Scheduled publish' });
    expect(row.published_at.toISOString()).toBe(due);
    const revisions = await t.app.inject({ method: 'GET', url: `/api/blog/admin/posts/${post.id}/revisions`, headers: asAdmin });
    expect(revisions.json().revisions[0]).toMatchObject({ version: 2, kind: 'published', operator_name: 'Scheduled publish' });
  });

  it('a rescheduled or unscheduled post is not published by its old job', async () => {
    const post = await create({ title: 'Moved', publish_at: inMinutes(5) });
    const oldAt = post.publish_at!;
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/blog/admin/posts/${post.id}`,
      headers: asAdmin,
      payload: body({ title: 'Moved', publish_at: inMinutes(60), version: post.version }),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await queued(post.id)).toHaveLength(2);
    await t.db.query(`UPDATE posts SET publish_at = $2 WHERE id = $1`, [post.id, oldAt]);
    await t.db.query(`UPDATE posts SET publish_at = now() + interval '1 hour' WHERE id = $1`, [post.id]);
    await run(post.id, oldAt);
    expect(await publicTitles()).not.toContain('Moved');

    const unscheduled = await t.app.inject({
      method: 'PUT',
      url: `/api/blog/admin/posts/${post.id}`,
      headers: asAdmin,
      payload: body({ title: 'Moved', publish_at: null }),
    });
    expect(unscheduled.json<PostSaved>().publish_at).toBeNull();
  });

  it('publishing by hand clears the schedule', async () => {
    const post = await create({ title: 'By hand', publish_at: inMinutes(5) });
    const res = await t.app.inject({ method: 'POST', url: `/api/blog/admin/posts/${post.id}/publish`, headers: asAdmin });
    expect(res.json<PostSaved>()).toMatchObject({ status: 'published', publish_at: null });
  });
});
