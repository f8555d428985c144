import { basicAuthorization, type Post } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperatorTestApp, type TestApp } from '../../../test/test-app.ts';
import { slugify } from './slugs.ts';

/** Slugs from titles in any script (decision 211): transliterated, not 'post-N'. */
describe('slugify', () => {
  it('writes titles in other scripts in Latin letters', () => {
    expect(slugify('Привет, мир: как оценить патент')).toBe('privet-mir-kak-ocenit-patent');
    expect(slugify('Η τεχνολογία της ετοιμότητας')).toBe('i-tehnologia-tis-etoimotitas');
    expect(slugify('भूजल से आर्सेनिक')).toMatch(/^bhuujl-se-aarsenik$/);
    expect(slugify('技术转让')).toBe('ji-shu-zhuan-rang');
    expect(slugify('지하수에서 비소를 제거하는 필터')).toBe('jihasueseo-bisoreul-jegeohaneun-pilteo');
    // Japanese kanji are read as Chinese (the library's table): readable and stable, not Japanese.
    expect(slugify('地下水からヒ素を除去する')).toMatch(/^[a-z0-9]+(-[a-z0-9]+)+$/);
  });

  it('keeps Latin titles as they always were, and folds what it can', () => {
    expect(slugify('Licensing & IP: 2025 Guide!')).toBe('licensing-and-ip-2025-guide');
    expect(slugify('Café Résumé & Co.')).toBe('cafe-resume-and-co');
    expect(slugify('  Royalty  stacking? ')).toBe('royalty-stacking');
    expect(slugify('Straße für Ölmühlen')).toBe('strasse-fur-olmuhlen');
  });

  it('is never empty, never over 80 characters and never ends in a dash', () => {
    for (const title of ['🚀🚀', '!!!', '—', '\u200b']) expect(slugify(title)).toBe('post');
    for (const title of ['低'.repeat(200), 'Привет '.repeat(40), `${'a'.repeat(79)} b`]) {
      const slug = slugify(title);
      expect(slug.length).toBeLessThanOrEqual(80);
      expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });
});

describe('posts with non-Latin titles', () => {
  const ADMIN = { username: 'slugger', password: 'Slugger-Pass-2025' };
  const asAdmin = { authorization: basicAuthorization(ADMIN.username, ADMIN.password) };
  let t: TestApp;
  beforeAll(async () => {
    t = await createOperatorTestApp(ADMIN);
  });
  afterAll(() => t.close());

  const post = (title: string, over: Record<string, unknown> = {}) => ({
    title,
    description: 'A post.',
    content: '<p>Text.</p>',
    image_url: '',
    post_type: 'blog',
    author_name: 'Priya Raman',
    featured: false,
    ...over,
  });
  const create = async (title: string, over: Record<string, unknown> = {}) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/blog/admin/posts', headers: asAdmin, payload: post(title, over) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Post>();
  };

  it('get distinct readable slugs, kept unique with -2, -3 …', async () => {
    const a = await create('Оценка технологий');
    const b = await create('Оценка  технологий!');
    const c = await create('Οι τεχνολογίες');
    const d = await create('技术评估');
    const e = await create('技术评估');
    expect([a.slug, b.slug, c.slug, d.slug, e.slug]).toEqual([
      'ocenka-tehnologiy',
      'ocenka-tehnologiy-2',
      'oi-tehnologies',
      'ji-shu-ping-gu',
      'ji-shu-ping-gu-2',
    ]);
  });

  it('leave a slug made before transliteration as it is once the post was published', async () => {
    // A post published under the old rule, when every such title became 'post-N'.
    const p = await create('Placeholder', { status: 'published' });
    await t.db.query('UPDATE posts SET slug = $2, title = $3 WHERE id = $1', [p.id, 'post-41', 'Старый пост']);
    await t.db.query(`INSERT INTO post_slugs (post_type, slug, post_id) VALUES ('blog', 'post-41', $1)`, [p.id]);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/blog/admin/posts/${p.id}`,
      headers: asAdmin,
      payload: post('Старый пост, исправленный'),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Post>().slug).toBe('post-41');
    expect((await t.app.inject({ method: 'GET', url: '/api/blog/posts/post-41' })).json<Post>().title).toBe('Старый пост, исправленный');
  });
});
