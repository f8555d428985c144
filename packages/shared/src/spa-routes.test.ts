import { describe, expect, it } from 'vitest';
import { canonicalSpaPath, isSpaPath } from './spa-routes.ts';

describe('isSpaPath', () => {
  it.each([
    '/',
    '/login',
    '/blog',
    '/blog/trl-explained',
    '/press-releases/launch',
    '/reports?page=2',
    '/pricing#faq',
    '/admin',
    '/about/',
    '/Login',
  ])('knows %s', (url) => expect(isSpaPath(url)).toBe(true));
  it.each(['/nope', '/blog/a/b', '/pricing/extra', '/wp-login.php', '/rss.xml', '//'])('does not know %s', (url) =>
    expect(isSpaPath(url)).toBe(false),
  );
});

describe('canonicalSpaPath', () => {
  it.each([
    ['/BLOG', '/blog'],
    ['/blog/', '/blog'],
    ['/Blog/My-Post/', '/blog/My-Post'],
    ['/press-releases/launch/', '/press-releases/launch'],
    ['/', '/'],
    ['/pricing', '/pricing'],
    ['/ABOUT/', '/about'],
  ])('spells %s as %s', (given, canonical) => expect(canonicalSpaPath(given)).toBe(canonical));
  it.each(['/nope', '/blog//', '/blog/a/b'])('knows no page at %s', (given) => expect(canonicalSpaPath(given)).toBeUndefined());
});
