import { basicAuthorization, type AdminTag, type Post, type PostRevision, type PostRevisionSummary, type PostSaved } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperatorTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Revisions keep the whole post the form edits (issue 30, decision 226): slug, publication date,
 * authors, tags, the feature image's alt and caption, canonical and social overrides. Viewing one
 * shows them; restoring brings them back as a new version; a revision written before keeps working.
 */
const ADMIN = { username: 'rev-ana', password: 'Rev-Editor-Pass-2026' };
const asAdmin = { authorization: basicAuthorization(ADMIN.username, ADMIN.password) };
let t: TestApp;
let ana: string;
let ben: string;

beforeAll(async () => {
  t = await createOperatorTestApp(ADMIN);
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/admin/operators',
    headers: asAdmin,
    payload: { username: 'rev-ben', password: 'Rev-Second-Pass-2026', display_name: 'Ben Writer' },
  });
  expect(made.statusCode, made.body).toBe(201);
  ben = made.json<{ id: string }>().id;
  ana = (await t.db.query<{ id: string }>('SELECT id FROM operators WHERE username = $1', [ADMIN.username])).rows[0]!.id;
  const named = await t.app.inject({
    method: 'PATCH',
    url: `/api/admin/operators/${ana}`,
    headers: asAdmin,
    payload: { display_name: 'Ana Writer' },
  });
  expect(named.statusCode, named.body).toBe(200);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: asAdmin, ...(payload ? { payload } : {}) });
const tag = async (name: string) => {
  const res = await call('POST', '/api/blog/admin/tags', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminTag>();
};
const create = async (payload: Record<string, unknown>) => {
  const res = await call('POST', '/api/blog/admin/posts', { content: '<p>Some text.</p>', post_type: 'blog', ...payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PostSaved>();
};
const put = async (p: PostSaved, payload: Record<string, unknown>) => {
  const res = await call('PUT', `/api/blog/admin/posts/${p.id}`, {
    title: p.title,
    content: p.content,
    post_type: 'blog',
    version: p.version,
    ...payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PostSaved>();
};
const revisions = async (id: string) =>
  (await call('GET', `/api/blog/admin/posts/${id}/revisions`)).json<{ revisions: PostRevisionSummary[] }>().revisions;
const revisionAt = async (id: string, version: number) => {
  const rev = (await revisions(id)).find((r) => r.version === version)!;
  const res = await call('GET', `/api/blog/admin/posts/${id}/revisions/${rev.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PostRevision>();
};
const restore = (id: string, revisionId: string, version: number) =>
  call('POST', `/api/blog/admin/posts/${id}/revisions/${revisionId}/restore`, { version });

/** Every field the form edits besides the text, as the post has them. */
const formFields = (p: PostSaved) => ({
  title: p.title,
  description: p.description,
  description_generated: p.description_generated,
  content: p.content,
  slug: p.slug,
  published_at: p.published_at,
  author_name: p.author_name,
  author_ids: p.author_ids,
  authors: p.authors,
  tags: p.tags.map((x) => x.id),
  image_url: p.image_url,
  image_alt: p.image_alt,
  image_caption: p.image_caption,
  image_decorative: p.image_decorative,
  meta_title: p.meta_title,
  meta_description: p.meta_description,
  canonical_url: p.canonical_url,
  og_title: p.og_title,
  og_description: p.og_description,
  og_image_url: p.og_image_url,
  twitter_title: p.twitter_title,
  twitter_description: p.twitter_description,
  twitter_image_url: p.twitter_image_url,
});

describe('a revision keeps the whole post', () => {
  it('stores slug, date, authors, tags, image text and overrides; viewing shows them; restoring brings every one back as a new version', async () => {
    const [law, ip, misc] = [await tag('Rev Law'), await tag('Rev IP'), await tag('Rev Misc')];
    const first = await create({
      title: 'Whole revision',
      slug: 'whole-revision-address',
      status: 'published',
      published_at: '2026-01-02T03:04:00.000Z',
      description: 'Written excerpt.',
      author_ids: [ben, ana],
      tag_ids: [law.id, ip.id],
      image_url: '/images/a.webp',
      image_alt: 'A lab bench',
      image_caption: 'The bench, 2025',
      meta_title: 'SEO title',
      meta_description: 'SEO description',
      canonical_url: 'https://elsewhere.example/original',
      og_title: 'OG title',
      og_description: 'OG description',
      og_image_url: 'https://cdn.example/og.png',
      twitter_title: 'TW title',
      twitter_description: 'TW description',
      twitter_image_url: '/images/tw.png',
    });
    const v1 = formFields(first);
    expect(v1).toMatchObject({
      slug: 'whole-revision-address',
      author_name: 'Ben Writer and Ana Writer',
      published_at: '2026-01-02T03:04:00.000Z',
    });

    const rev1 = await revisionAt(first.id, 1);
    expect(rev1.meta).toEqual({
      slug: 'whole-revision-address',
      slug_custom: true,
      description_generated: false,
      published_at: '2026-01-02T03:04:00.000Z',
      authors: [
        { id: ben, name: 'Ben Writer', gone: false },
        { id: ana, name: 'Ana Writer', gone: false },
      ],
      tags: [
        { id: ip.id, name: 'Rev IP', slug: ip.slug, gone: false },
        { id: law.id, name: 'Rev Law', slug: law.slug, gone: false },
      ],
      image_alt: 'A lab bench',
      image_caption: 'The bench, 2025',
      image_decorative: false,
      canonical_url: 'https://elsewhere.example/original',
      og_title: 'OG title',
      og_description: 'OG description',
      og_image_url: 'https://cdn.example/og.png',
      twitter_title: 'TW title',
      twitter_description: 'TW description',
      twitter_image_url: '/images/tw.png',
    });

    // Everything changes (and the public read of the post is kept in the meantime).
    const second = await put(first, {
      title: 'Whole revision, edited',
      content: '<p>Other text.</p>',
      slug: 'moved-address',
      published_at: '2026-02-03T04:05:00.000Z',
      description: '',
      author_ids: [ana],
      author_name: 'Typed byline',
      tag_ids: [misc.id],
      image_url: '/images/b.webp',
      image_alt: null,
      image_decorative: true,
      image_caption: null,
      meta_title: null,
      meta_description: null,
      canonical_url: null,
      og_title: 'Other OG',
      og_description: null,
      og_image_url: null,
      twitter_title: null,
      twitter_description: 'Other TW',
      twitter_image_url: null,
    });
    expect(second.description_generated).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/blog/posts/moved-address?post_type=blog' })).json<Post>().tags.map((x) => x.name),
    ).toEqual(['Rev Misc']);

    const restored = await restore(first.id, rev1.id, second.version);
    expect(restored.statusCode, restored.body).toBe(200);
    const back = restored.json<PostSaved>();
    expect(back.version).toBe(3);
    expect(formFields(back)).toEqual(v1);
    // Stored so, not only answered so.
    expect(formFields((await call('GET', `/api/blog/admin/posts/${first.id}`)).json<PostSaved>())).toEqual(v1);
    // The restore is a revision of its own, whole too.
    expect((await revisions(first.id)).map((r) => r.version)).toEqual([3, 2, 1]);
    expect((await revisionAt(first.id, 3)).meta).toEqual(rev1.meta);

    // Public copies follow: the post's read by either address, its tags, the tag pages.
    const read = await t.app.inject({ method: 'GET', url: '/api/blog/posts/moved-address?post_type=blog' });
    expect(read.json<Post>()).toMatchObject({
      slug: 'whole-revision-address',
      published_at: '2026-01-02T03:04:00.000Z',
      authors: ['Ben Writer', 'Ana Writer'],
    });
    expect(read.json<Post>().tags.map((x) => x.name)).toEqual(['Rev IP', 'Rev Law']);
    const page = await t.app.inject({ method: 'GET', url: '/blog/moved-address' });
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe('/blog/whole-revision-address');
    expect((await t.app.inject({ method: 'GET', url: `/api/blog/tags/${misc.slug}` })).json().total).toBe(0);
  });

  it('restoring a draft brings back a generated excerpt (generated again) and a slug that followed its title', async () => {
    const first = await create({ title: 'Following title one', content: '<p>The first words of the draft.</p>' });
    expect(first).toMatchObject({ slug: 'following-title-one', description_generated: true });
    const second = await put(first, {
      title: 'Following title two',
      description: 'Written by hand.',
      image_url: '/images/c.webp',
      image_alt: 'Alt',
    });
    expect(second.slug).toBe('following-title-two');
    const rev1 = await revisionAt(first.id, 1);
    expect(rev1.meta).toMatchObject({ slug: 'following-title-one', slug_custom: false, description_generated: true, published_at: null });
    const back = (await restore(first.id, rev1.id, second.version)).json<PostSaved>();
    expect(back).toMatchObject({
      slug: 'following-title-one',
      description: first.description,
      description_generated: true,
      image_url: null,
      image_alt: null,
      status: 'draft',
    });
    // Still following its title: the next retitle moves the address again.
    expect((await put(back, { title: 'Following title three' })).slug).toBe('following-title-three');
  });

  it('keeps the autosaved state whole too', async () => {
    const t1 = await tag('Rev Autosave');
    const first = await create({ title: 'Autosaved whole' });
    const auto = await put(first, { autosave: true, tag_ids: [t1.id], og_title: 'Typed OG' });
    const rev = await revisionAt(first.id, auto.version);
    expect(rev.kind).toBe('autosave');
    expect(rev.meta).toMatchObject({ og_title: 'Typed OG', tags: [{ id: t1.id, name: 'Rev Autosave', slug: t1.slug, gone: false }] });
  });

  it('a tag deleted or an author removed since is shown as gone and left out by the restore, which still succeeds', async () => {
    const [keep, drop] = [await tag('Rev Keep'), await tag('Rev Drop')];
    const cy = (
      await call('POST', '/api/admin/operators', { username: 'rev-cy', password: 'Rev-Third-Pass-2026', display_name: 'Cy Writer' })
    ).json<{ id: string }>().id;
    const first = await create({ title: 'Gone since', tag_ids: [keep.id, drop.id], author_ids: [cy, ana] });
    const second = await put(first, { tag_ids: [], author_ids: [ana] });
    expect((await call('DELETE', `/api/blog/admin/tags/${drop.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/operators/${cy}`)).statusCode).toBe(200);
    const rev1 = await revisionAt(first.id, 1);
    expect(rev1.meta!.tags).toEqual([
      { id: drop.id, name: 'Rev Drop', slug: drop.slug, gone: true },
      { id: keep.id, name: 'Rev Keep', slug: keep.slug, gone: false },
    ]);
    expect(rev1.meta!.authors).toEqual([
      { id: cy, name: 'Cy Writer', gone: true },
      { id: ana, name: 'Ana Writer', gone: false },
    ]);
    const res = await restore(first.id, rev1.id, second.version);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PostSaved>()).toMatchObject({ tags: [{ id: keep.id }], author_ids: [ana], author_name: 'Cy Writer and Ana Writer' });
  });

  it('a revision written before revisions kept these (no meta) views with meta null and restores its text only', async () => {
    const a = await tag('Rev Old A');
    const b = await tag('Rev Old B');
    const first = await create({
      title: 'Old format',
      content: '<p>Old words.</p>',
      tag_ids: [a.id],
      author_ids: [ben],
      canonical_url: 'https://old.example/x',
    });
    const second = await put(first, {
      title: 'Old format, now',
      content: '<p>New words.</p>',
      tag_ids: [b.id],
      author_ids: [ana],
      canonical_url: 'https://new.example/y',
      slug: 'old-format-custom',
    });
    // As migration 231 found the revisions already there.
    await t.db.query('UPDATE post_revisions SET meta = NULL WHERE post_id = $1 AND version = 1', [first.id]);
    const rev1 = await revisionAt(first.id, 1);
    expect(rev1).toMatchObject({ title: 'Old format', content: '<p>Old words.</p>', meta: null });
    const res = await restore(first.id, rev1.id, second.version);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PostSaved>()).toMatchObject({
      title: 'Old format',
      content: '<p>Old words.</p>',
      version: 3,
      tags: [{ id: b.id }],
      author_ids: [ana],
      canonical_url: 'https://new.example/y',
      slug: 'old-format-custom',
    });
  });

  it('a restore from a stale version is still a 409 and changes nothing', async () => {
    const first = await create({ title: 'Stale restore', tag_ids: [(await tag('Rev Stale')).id] });
    const second = await put(first, { tag_ids: [] });
    const rev1 = await revisionAt(first.id, 1);
    const res = await restore(first.id, rev1.id, first.version);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'post_conflict' });
    expect((await call('GET', `/api/blog/admin/posts/${first.id}`)).json<PostSaved>()).toMatchObject({ version: second.version, tags: [] });
  });
});
