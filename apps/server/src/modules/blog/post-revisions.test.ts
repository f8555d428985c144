import { basicAuthorization, POST_EDITOR_MSG, type PostRevision, type PostRevisionSummary, type PostSaved } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperatorTestApp, type TestApp } from '../../../test/test-app.ts';
import { ensureFirstOperator } from '../operators/index.ts';

/** Issue 30, decision 201: versions, conflicts between two operators, autosave, revisions and restore. */
const ANA = { username: 'ana', password: 'Ana-Editor-Pass-2026' };
const BEN = { username: 'ben', password: 'Ben-Editor-Pass-2026' };
const as = (who: { username: string; password: string }) => ({ authorization: basicAuthorization(who.username, who.password) });
let t: TestApp;
beforeAll(async () => {
  t = await createOperatorTestApp(ANA);
  await ensureFirstOperator({
    db: t.db,
    config: { ...t.config, ADMIN_USERNAME: BEN.username, ADMIN_PASSWORD: BEN.password },
    log: t.app.log,
  });
});
afterAll(() => t.close());

const body = (over: Record<string, unknown> = {}) => ({
  title: 'Revisions post',
  description: 'A post for the revision tests.',
  content: '<p>First words.</p>',
  post_type: 'blog',
  author_name: 'Ana',
  ...over,
});
const call = (who: typeof ANA, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(who), ...(payload ? { payload } : {}) });
const create = async (over: Record<string, unknown> = {}) => {
  const res = await call(ANA, 'POST', '/api/blog/admin/posts', body(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PostSaved>();
};
const put = (who: typeof ANA, id: string, over: Record<string, unknown>) => call(who, 'PUT', `/api/blog/admin/posts/${id}`, body(over));
const revisions = async (id: string) => {
  const res = await call(ANA, 'GET', `/api/blog/admin/posts/${id}/revisions`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ revisions: PostRevisionSummary[] }>().revisions;
};

describe('two operators editing one post', () => {
  it('the second save from the same version is refused with who saved and when, and the first is kept', async () => {
    const post = await create();
    expect(post.version).toBe(1);
    expect(post.updated_by).toBe('ana');

    const anaSave = await put(ANA, post.id, { content: '<p>Ana’s words.</p>', version: 1 });
    expect(anaSave.statusCode, anaSave.body).toBe(200);
    expect(anaSave.json<PostSaved>()).toMatchObject({ version: 2, updated_by: 'ana' });

    const benSave = await put(BEN, post.id, { content: '<p>Ben’s words.</p>', version: 1 });
    expect(benSave.statusCode).toBe(409);
    expect(benSave.json()).toMatchObject({ code: 'post_conflict' });
    expect(benSave.json<{ detail: string }>().detail).toMatch(
      /^ana saved this post at [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d\s[AP]M UTC, after you opened it\. Your changes were not saved/,
    );

    const stored = (await call(ANA, 'GET', `/api/blog/admin/posts/${post.id}`)).json<PostSaved>();
    expect(stored).toMatchObject({ content: '<p>Ana’s words.</p>', version: 2 });
  });

  it('two saves at the same moment from the same version: exactly one lands, the other is a 409', async () => {
    const post = await create({ title: 'Race post' });
    const [a, b] = await Promise.all([
      put(ANA, post.id, { title: 'Race post', content: '<p>A</p>', version: 1 }),
      put(BEN, post.id, { title: 'Race post', content: '<p>B</p>', version: 1 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? '<p>A</p>' : '<p>B</p>';
    const revs = await revisions(post.id);
    expect(revs.map((r) => r.version)).toEqual([2, 1]);
    const latest = await call(ANA, 'GET', `/api/blog/admin/posts/${post.id}/revisions/${revs[0]!.id}`);
    expect(latest.json<PostRevision>().content).toBe(winner);
  });

  it('publishing makes a new version, so an editor open on the draft cannot save over it unseen', async () => {
    const post = await create({ title: 'Publish race' });
    const published = await call(BEN, 'POST', `/api/blog/admin/posts/${post.id}/publish`);
    expect(published.json<PostSaved>()).toMatchObject({ version: 2, updated_by: 'ben', status: 'published' });
    expect((await put(ANA, post.id, { title: 'Publish race', version: 1 })).statusCode).toBe(409);
  });

  it('a save without a version is last-write-wins (API clients), and still makes a revision', async () => {
    const post = await create({ title: 'No version' });
    const res = await put(BEN, post.id, { title: 'No version', content: '<p>Over</p>' });
    expect(res.json<PostSaved>()).toMatchObject({ version: 2, updated_by: 'ben' });
    expect((await revisions(post.id)).map((r) => [r.version, r.operator_name, r.kind])).toEqual([
      [2, 'ben', 'save'],
      [1, 'ana', 'save'],
    ]);
  });
});

describe('autosave and revisions', () => {
  it('a run of autosaves keeps one revision; a save after it is its own', async () => {
    const post = await create({ title: 'Autosaved' });
    let version = post.version;
    for (const words of ['<p>a</p>', '<p>ab</p>', '<p>abc</p>']) {
      const res = await put(ANA, post.id, { title: 'Autosaved', content: words, version, autosave: true });
      expect(res.statusCode, res.body).toBe(200);
      version = res.json<PostSaved>().version;
    }
    expect(version).toBe(4);
    let revs = await revisions(post.id);
    expect(revs.map((r) => [r.version, r.kind])).toEqual([
      [4, 'autosave'],
      [1, 'save'],
    ]);
    const auto = await call(ANA, 'GET', `/api/blog/admin/posts/${post.id}/revisions/${revs[0]!.id}`);
    expect(auto.json<PostRevision>()).toMatchObject({ content: '<p>abc</p>', operator_name: 'ana' });

    // Another operator's autosave does not fold into Ana's run.
    const ben = await put(BEN, post.id, { title: 'Autosaved', content: '<p>ben</p>', version, autosave: true });
    expect(ben.statusCode).toBe(200);
    revs = await revisions(post.id);
    expect(revs.map((r) => [r.version, r.kind, r.operator_name])).toEqual([
      [5, 'autosave', 'ben'],
      [4, 'autosave', 'ana'],
      [1, 'save', 'ana'],
    ]);
  });

  it('a published post is not autosaved (its edits would go live)', async () => {
    const post = await create({ title: 'Live post', status: 'published' });
    const res = await put(ANA, post.id, { title: 'Live post', content: '<p>typing</p>', version: post.version, autosave: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(POST_EDITOR_MSG.postAutosaveRefused);
  });

  it('keeps the last 20 revisions and every published version', async () => {
    const post = await create({ title: 'Many saves', status: 'published' });
    let version = post.version;
    for (let i = 0; i < 24; i++) {
      const status = i === 5 ? 'published' : 'draft';
      const res = await put(ANA, post.id, { title: 'Many saves', content: `<p>${i}</p>`, version, status });
      expect(res.statusCode, res.body).toBe(200);
      version = res.json<PostSaved>().version;
    }
    const revs = await revisions(post.id);
    // Versions 6..25 are the last 20; version 1 (created published) and 7 (published at i = 5) are kept too.
    expect(revs.filter((r) => r.kind === 'published').map((r) => r.version)).toEqual([7, 1]);
    expect(revs.map((r) => r.version)).toEqual([...Array.from({ length: 20 }, (_, i) => 25 - i), 1]);
  });

  it('restores a revision as a new version, sanitised again, with the conflict check', async () => {
    const post = await create({ title: 'Restore me', content: '<p>Original text.</p>' });
    const edited = await put(ANA, post.id, { title: 'Restore me, edited', content: '<p>Rewritten.</p>', version: 1 });
    expect(edited.statusCode).toBe(200);
    const first = (await revisions(post.id)).find((r) => r.version === 1)!;
    expect(first.title).toBe('Restore me');

    const stale = await call(BEN, 'POST', `/api/blog/admin/posts/${post.id}/revisions/${first.id}/restore`, { version: 1 });
    expect(stale.statusCode).toBe(409);

    const restored = await call(BEN, 'POST', `/api/blog/admin/posts/${post.id}/revisions/${first.id}/restore`, { version: 2 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<PostSaved>()).toMatchObject({
      title: 'Restore me',
      content: '<p>Original text.</p>',
      version: 3,
      updated_by: 'ben',
      status: 'draft',
    });
    expect((await revisions(post.id)).map((r) => [r.version, r.title])).toEqual([
      [3, 'Restore me'],
      [2, 'Restore me, edited'],
      [1, 'Restore me'],
    ]);
  });

  it('a revision of another post, a bad id, or a stranger is not found / not allowed', async () => {
    const a = await create({ title: 'Post A' });
    const b = await create({ title: 'Post B' });
    const revA = (await revisions(a.id))[0]!;
    expect((await call(ANA, 'GET', `/api/blog/admin/posts/${b.id}/revisions/${revA.id}`)).statusCode).toBe(404);
    expect((await call(ANA, 'POST', `/api/blog/admin/posts/${b.id}/revisions/${revA.id}/restore`, {})).statusCode).toBe(404);
    expect((await call(ANA, 'GET', `/api/blog/admin/posts/not-a-uuid/revisions`)).statusCode).toBe(404);
    expect((await call(ANA, 'GET', `/api/blog/admin/posts/${a.id}/revisions/not-a-uuid`)).statusCode).toBe(404);
    const stranger = await t.app.inject({ method: 'GET', url: `/api/blog/admin/posts/${a.id}/revisions` });
    expect(stranger.statusCode).toBe(401);
    const badVersion = await put(ANA, a.id, { title: 'Post A', version: 'one' });
    expect(badVersion.statusCode).toBe(422);
  });
});
