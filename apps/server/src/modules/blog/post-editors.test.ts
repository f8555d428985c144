import { basicAuthorization, type PostEditors, type PostSaved } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperatorTestApp, type TestApp } from '../../../test/test-app.ts';

/** "Someone else is editing" (issue 30, decision 207): the form's heartbeat and who it names. */
const ANA = { username: 'edit-ana', password: 'Edit-Ana-Pass-2026' };
const BEN = { username: 'edit-ben', password: 'Edit-Ben-Pass-2026' };
const as = (o: typeof ANA) => ({ authorization: basicAuthorization(o.username, o.password) });
let t: TestApp;

beforeAll(async () => {
  t = await createOperatorTestApp(ANA);
  const made = await t.app.inject({ method: 'POST', url: '/api/admin/operators', headers: as(ANA), payload: BEN });
  expect(made.statusCode, made.body).toBe(201);
});
afterAll(() => t.close());

const create = async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blog/admin/posts',
    headers: as(ANA),
    payload: { title: `Shared ${Math.random()}`, content: '<p>x</p>' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PostSaved>();
};
const beat = (o: typeof ANA, id: string) => t.app.inject({ method: 'PUT', url: `/api/blog/admin/posts/${id}/editing`, headers: as(o) });
const others = async (o: typeof ANA, id: string) => {
  const res = await beat(o, id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PostEditors>().editors.map((e) => e.username);
};

describe('who else has a post open', () => {
  it('names the other operators with the post open, not oneself, until they close it', async () => {
    const p = await create();
    expect(await others(ANA, p.id)).toEqual([]);
    expect(await others(BEN, p.id)).toEqual(['edit-ana']);
    expect(await others(ANA, p.id)).toEqual(['edit-ben']);
    // Another post is another matter.
    const q = await create();
    expect(await others(ANA, q.id)).toEqual([]);
    const closed = await t.app.inject({ method: 'DELETE', url: `/api/blog/admin/posts/${p.id}/editing`, headers: as(BEN) });
    expect(closed.statusCode).toBe(200);
    expect(await others(ANA, p.id)).toEqual([]);
  });

  it('forgets a form that stopped beating (a closed tab) after the TTL, and sweeps its row', async () => {
    const p = await create();
    await others(BEN, p.id);
    await t.db.query(`UPDATE post_editors SET seen_at = now() - interval '31 seconds' WHERE post_id = $1`, [p.id]);
    expect(await others(ANA, p.id)).toEqual([]);
    const rows = await t.db.query('SELECT operator_id FROM post_editors WHERE post_id = $1', [p.id]);
    expect(rows.rows).toHaveLength(1);
  });

  it('is a hint, not a lock: both may save in turn, and the second save from the same version still conflicts', async () => {
    const p = await create();
    await others(ANA, p.id);
    await others(BEN, p.id);
    const put = (o: typeof ANA, title: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/blog/admin/posts/${p.id}`,
        headers: as(o),
        payload: { title, content: '<p>x</p>', version: p.version },
      });
    expect((await put(ANA, 'Ana was first')).statusCode).toBe(200);
    const late = await put(BEN, 'Ben was second');
    expect(late.statusCode).toBe(409);
    expect(late.json<{ detail: string }>().detail).toMatch(/^edit-ana saved this post/);
  });

  it('answers 404 for an unknown post or a malformed id, and 401 without credentials', async () => {
    expect((await beat(ANA, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await beat(ANA, 'not-a-uuid')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/blog/admin/posts/not-a-uuid/editing', headers: as(ANA) })).statusCode).toBe(
      404,
    );
    const p = await create();
    expect((await t.app.inject({ method: 'PUT', url: `/api/blog/admin/posts/${p.id}/editing` })).statusCode).toBe(401);
    await t.app.inject({ method: 'DELETE', url: `/api/blog/admin/posts/${p.id}`, headers: as(ANA) });
    expect((await beat(ANA, p.id)).statusCode).toBe(404);
  });
});
