import { describe, expect, it } from 'vitest';
import { isSpaPath } from './spa-routes.ts';

describe('isSpaPath', () => {
  it.each(['/', '/login', '/blog', '/blog/trl-explained', '/press-releases/launch', '/reports?page=2', '/pricing#faq', '/admin', '/about/', '/Login'])(
    'knows %s', (url) => expect(isSpaPath(url)).toBe(true));
  it.each(['/nope', '/blog/a/b', '/pricing/extra', '/wp-login.php', '/rss.xml', '//'])(
    'does not know %s', (url) => expect(isSpaPath(url)).toBe(false));
});
