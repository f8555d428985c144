import { basicAuthorization, type PostSaved } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperatorTestApp, type TestApp } from '../../../test/test-app.ts';
import { EXCERPT_MAX, excerptFrom } from './excerpt.ts';

describe('excerptFrom', () => {
  it('is the start of the text, without markup, code, tables or captions', () => {
    expect(
      excerptFrom(
        '<h2>Why</h2><p>Licensing &amp; <strong>fields</strong> of use.</p><pre><code>x = 1</code></pre><figure><img src="/a.png" alt="A"><figcaption>Cap</figcaption></figure>',
        'T',
      ),
    ).toBe('Why Licensing & fields of use.');
  });

  it('is cut at a word with an ellipsis when long', () => {
    const out = excerptFrom(`<p>${'patent licensing '.repeat(40)}</p>`, 'T');
    expect(out.length).toBeLessThanOrEqual(EXCERPT_MAX + 1);
    expect(out).toMatch(/licensing…$|patent…$/);
  });

  it('is the title when the post has no text', () => {
    expect(excerptFrom('<figure><img src="/a.png" alt="x"></figure>', 'Only a picture')).toBe('Only a picture');
  });
});

const ADMIN = { username: 'excerpt-ops', password: 'Excerpt-Pass-2026' };
const asAdmin = { authorization: basicAuthorization(ADMIN.username, ADMIN.password) };
let t: TestApp;
beforeAll(async () => {
  t = await createOperatorTestApp(ADMIN);
});
afterAll(() => t.close());

describe('a post saved without a description', () => {
  it('gets one from its text, regenerated on each save while left empty; a typed one is kept', async () => {
    const payload = { title: 'No excerpt', content: '<p>First words of the post.</p>', post_type: 'blog' };
    const created = await t.app.inject({ method: 'POST', url: '/api/blog/admin/posts', headers: asAdmin, payload });
    expect(created.statusCode, created.body).toBe(201);
    const post = created.json<PostSaved>();
    expect(post).toMatchObject({ description: 'First words of the post.', description_generated: true });

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/blog/admin/posts/${post.id}`,
      headers: asAdmin,
      payload: { ...payload, description: '', content: '<p>New opening.</p>', version: 1 },
    });
    expect(edited.json<PostSaved>()).toMatchObject({ description: 'New opening.', description_generated: true, version: 2 });

    const typed = await t.app.inject({
      method: 'PUT',
      url: `/api/blog/admin/posts/${post.id}`,
      headers: asAdmin,
      payload: { ...payload, description: 'Written by hand.', version: 2 },
    });
    expect(typed.json<PostSaved>()).toMatchObject({ description: 'Written by hand.', description_generated: false });
    // The public post shows the generated one like any other.
    const pub = await t.app.inject({ method: 'POST', url: `/api/blog/admin/posts/${post.id}/publish`, headers: asAdmin });
    expect(pub.statusCode).toBe(200);
    const read = await t.app.inject({ method: 'GET', url: `/api/blog/posts/${post.slug}` });
    expect(read.json().description).toBe('Written by hand.');
  });
});
