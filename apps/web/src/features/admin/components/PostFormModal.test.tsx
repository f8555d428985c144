import { MSG, POST_EDITOR_MSG } from '@assay/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminCredentials } from '../lib/credentials.ts';
import { json, mockFetch, POST, renderWithClient } from '../test-support.tsx';
import { AUTOSAVE_IDLE_MS, PostFormModal } from './PostFormModal.tsx';
import { spyOnToasts } from '../../../test/toasts.ts';

const toast = spyOnToasts();

beforeEach(() => {
  adminCredentials.save('ops', 'secret-password');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  adminCredentials.clear();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

const dialog = () => screen.getByRole('dialog', { name: 'Create Blog Post' });
/** The content as HTML: the form opens in the visual editor; its HTML mode is the textarea. */
const htmlContent = (d: HTMLElement) => {
  fireEvent.click(within(d).getByRole('button', { name: 'HTML' }));
  return within(d).getByLabelText(/Content/);
};

describe('the operator post form', () => {
  it('starts with the author Admin and asks for title and content (the description is optional)', async () => {
    const fetch = mockFetch(() => json(200, {}));
    renderWithClient(<PostFormModal type="blog" onClose={() => {}} />);
    const d = dialog();
    expect(within(d).getByLabelText('Author Name')).toHaveProperty('value', 'Admin');
    fireEvent.click(within(d).getByRole('button', { name: 'Create Blog Post' }));
    expect(await within(d).findByText(MSG.postTitleRequired)).toBeTruthy();
    expect(within(d).queryByText(MSG.postDescriptionRequired)).toBeNull();
    expect(within(d).getByText(MSG.postContentRequired)).toBeTruthy();
    expect(within(d).queryByText(MSG.postAuthorRequired)).toBeNull();
    expect(within(d).queryByText(MSG.postImageUrlInvalid)).toBeNull();
    // Only the authors' list (the operator accounts) is read; nothing is saved.
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/api/admin/operators']);
  });

  it('requires an author name and a URL-format image address when one is given', async () => {
    const user = userEvent.setup();
    mockFetch(() => json(200, { html: '', removed: [] }));
    renderWithClient(<PostFormModal type="blog" onClose={() => {}} />);
    const d = dialog();
    await user.clear(within(d).getByLabelText('Author Name'));
    await user.type(within(d).getByLabelText('Author Name'), '   ');
    for (const bad of ['javascript:alert(1)', 'not a url', '//evil.example/x.png']) {
      await user.clear(within(d).getByLabelText(/Image URL/));
      await user.type(within(d).getByLabelText(/Image URL/), bad);
      await user.click(within(d).getByRole('button', { name: 'Create Blog Post' }));
      expect(await within(d).findByText(MSG.postImageUrlInvalid)).toBeTruthy();
    }
    expect(within(d).getByText(MSG.postAuthorRequired)).toBeTruthy();
    for (const good of ['https://example.com/a.png', '/images/a.png']) {
      await user.clear(within(d).getByLabelText(/Image URL/));
      await user.type(within(d).getByLabelText(/Image URL/), good);
      await user.click(within(d).getByRole('button', { name: 'Create Blog Post' }));
      await waitFor(() => expect(within(d).queryByText(MSG.postImageUrlInvalid)).toBeNull());
    }
  }, 20_000);

  it('warns that a press release with an http(s) image address becomes an External article link, and not for a blog post or an upload', async () => {
    const user = userEvent.setup();
    mockFetch(() => json(200, { html: '', removed: [] }));
    const { unmount } = renderWithClient(<PostFormModal type="press_release" onClose={() => {}} />);
    const d = screen.getByRole('dialog', { name: 'Create Press Release' });
    const field = within(d).getByLabelText(/Image URL/);
    await user.type(field, '/media/abc.webp');
    expect(within(d).queryByTestId('external-press-warning')).toBeNull();
    await user.clear(field);
    await user.type(field, 'https://cdn.example.com/launch.png');
    expect((await within(d).findByTestId('external-press-warning')).textContent).toMatch(/External article/);
    // No broken "chosen cover" thumbnail of an article address.
    expect(within(d).queryByRole('img', { name: 'Chosen cover' })).toBeNull();
    unmount();
    renderWithClient(<PostFormModal type="blog" onClose={() => {}} />);
    await user.type(within(dialog()).getByLabelText(/Image URL/), 'https://cdn.example.com/launch.png');
    expect(within(dialog()).queryByTestId('external-press-warning')).toBeNull();
  });

  it('creates with basic authorization and the spec payload', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const fetch = mockFetch((method, path) =>
      path.endsWith('/preview') ? json(200, { html: '<p>x</p>' }) : json(201, { ...POST, post_type: 'blog', removed: [] }),
    );
    renderWithClient(<PostFormModal type="blog" onClose={onClose} />);
    const d = dialog();
    await user.type(within(d).getByLabelText('Title'), 'A title');
    await user.type(within(d).getByLabelText('Description'), 'A description');
    fireEvent.change(htmlContent(d), { target: { value: '<p>x</p>' } });
    await user.click(within(d).getByLabelText('Mark as featured'));
    await user.click(within(d).getByRole('button', { name: 'Create Blog Post' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [, init] = fetch.mock.calls.find(([url, i]) => String(url) === '/api/blog/admin/posts' && i?.method === 'POST')!;
    expect((init!.headers as Record<string, string>).authorization).toBe(`Basic ${btoa('ops:secret-password')}`);
    expect(JSON.parse(String(init!.body))).toEqual({
      title: 'A title',
      author_name: 'Admin',
      description: 'A description',
      image_url: null,
      content: '<p>x</p>',
      featured: true,
      post_type: 'blog',
      meta_title: null,
      meta_description: null,
      publish_at: null,
      slug: null,
      tag_ids: [],
      author_ids: [],
      image_alt: null,
      image_caption: null,
      image_decorative: false,
      canonical_url: null,
      og_title: null,
      og_description: null,
      og_image_url: null,
      twitter_title: null,
      twitter_description: null,
      twitter_image_url: null,
    });
  });

  it('edits with the post’s values and keeps its SEO fields', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch((_m, path) =>
      path.endsWith('/preview') ? json(200, { html: '<p>Body</p>', removed: [] }) : json(200, { ...POST, removed: [] }),
    );
    renderWithClient(<PostFormModal type="press_release" post={POST} onClose={() => {}} />);
    const d = screen.getByRole('dialog', { name: 'Edit Press Release' });
    expect(within(d).getByLabelText('Title')).toHaveProperty('value', 'Hello');
    expect(within(d).getByLabelText('Mark as featured')).toHaveProperty('checked', true);
    await user.click(within(d).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Post updated successfully', undefined));
    const [, init] = fetch.mock.calls.find(([url]) => String(url) === '/api/blog/admin/posts/p1')!;
    expect(init!.method).toBe('PUT');
    expect(JSON.parse(String(init!.body))).toMatchObject({
      meta_title: 'SEO title',
      meta_description: 'SEO description',
      post_type: 'press_release',
    });
  });

  it('says which save failed: the server’s refusal, or a network failure', async () => {
    const user = userEvent.setup();
    mockFetch((_m, path) =>
      path.endsWith('/preview') ? json(200, { html: '', removed: [] }) : json(400, { detail: 'Title must be at most 200 characters' }),
    );
    const { unmount } = renderWithClient(<PostFormModal type="press_release" post={POST} onClose={() => {}} />);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to update press_release', { description: 'Title must be at most 200 characters' }),
    );
    unmount();

    mockFetch((_m, path) =>
      path.endsWith('/preview') ? json(200, { html: '', removed: [] }) : Promise.reject(new TypeError('Failed to fetch')),
    );
    renderWithClient(<PostFormModal type="press_release" post={POST} onClose={() => {}} />);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.postSaveFailed));
  });

  it('previews the content as the server sanitises it', async () => {
    const fetch = mockFetch((_m, path, init) =>
      path.endsWith('/preview')
        ? json(200, {
            html: String(JSON.parse(String(init.body)).content).replace(/<script>.*?<\/script>/g, ''),
            removed: ['removed <script>'],
          })
        : json(200, {}),
    );
    renderWithClient(<PostFormModal type="blog" onClose={() => {}} />);
    const d = dialog();
    fireEvent.change(htmlContent(d), { target: { value: '<h2>Hello</h2><p>World <script>alert(1)</script></p>' } });
    const preview = within(d).getByTestId('post-preview');
    await waitFor(() => expect(within(preview).getByRole('heading', { name: 'Hello' })).toBeTruthy(), { timeout: 2000 });
    expect(preview.querySelector('script')).toBeNull();
    expect(preview.textContent).toContain('World');
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/preview'))).toHaveLength(1);
    expect(within(d).getByTestId('sanitiser-report').textContent).toContain('removed <script>');
  });

  it('says what the sanitiser removed when the post is saved', async () => {
    const user = userEvent.setup();
    mockFetch((_m, path) =>
      path.endsWith('/preview')
        ? json(200, { html: '<p>Body</p>', removed: [] })
        : json(200, { ...POST, removed: ['removed <script>', 'removed onclick from <a>'] }),
    );
    renderWithClient(<PostFormModal type="press_release" post={POST} onClose={() => {}} />);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Post updated successfully', {
        description: 'Cleaned when saving: removed <script>; removed onclick from <a>.',
      }),
    );
  });

  it('asks before Esc or Close throws edits away, and closes at once when nothing changed', async () => {
    const user = userEvent.setup();
    mockFetch(() => json(200, { html: '', removed: [] }));
    const onClose = vi.fn();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { unmount } = renderWithClient(<PostFormModal type="blog" onClose={onClose} />);
    const d = dialog();
    fireEvent.keyDown(d, { key: 'Escape' });
    expect(confirm).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(1);

    await user.type(within(d).getByLabelText('Title'), 'Half-written');
    fireEvent.keyDown(within(d).getByLabelText('Title'), { key: 'Escape' });
    await user.click(within(d).getByRole('button', { name: 'Close' }));
    await user.click(within(d).getByRole('button', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledTimes(3);
    expect(confirm).toHaveBeenCalledWith(MSG.postUnsavedConfirm);
    expect(onClose).toHaveBeenCalledTimes(1);

    confirm.mockReturnValue(true);
    fireEvent.keyDown(d, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
    unmount();
  });

  it('edits the SEO fields and shows where search results cut them', async () => {
    const user = userEvent.setup();
    mockFetch(() => json(200, { html: '', removed: [] }));
    renderWithClient(<PostFormModal type="blog" onClose={() => {}} />);
    const d = dialog();
    const serp = within(d).getByTestId('serp-preview');
    await user.type(within(d).getByLabelText('Title'), 'Short title');
    expect(serp.textContent).toContain('Short title');
    expect(serp.textContent).toContain('Title 11 / 60');
    const long = 'Licensing a patent across several fields of use without the licensees colliding';
    fireEvent.change(within(d).getByLabelText(/Meta title/), { target: { value: long } });
    await waitFor(() => expect(serp.textContent).toContain(`Title ${long.length} / 60 — cut in results`));
    expect(serp.textContent).toContain('Licensing a patent across several fields of use without…');
    expect(serp.textContent).not.toContain('colliding');
    fireEvent.change(within(d).getByLabelText(/Meta description/), { target: { value: 'word '.repeat(40) } });
    await waitFor(() => expect(serp.textContent).toMatch(/Description 199 \/ 160 — cut in results/));
  });

  it('flags images without alt text before saving', async () => {
    mockFetch(() => json(200, { html: '', removed: [] }));
    renderWithClient(<PostFormModal type="blog" onClose={() => {}} />);
    const d = dialog();
    fireEvent.change(htmlContent(d), {
      target: { value: '<p>x</p><img src="/a.png" alt="A chart"><img src="/b.png"><img src="/c.png" alt=" ">' },
    });
    const flag = await within(d).findByTestId('missing-alt', {}, { timeout: 2000 });
    expect(flag.textContent).toContain('2 images have no alt text');
    expect(flag.textContent).toContain('/b.png');
    expect(flag.textContent).not.toContain('/a.png');
  });

  it('uploads an image and puts its address in the Image URL field', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch((_m, path) =>
      path === '/api/media/images'
        ? json(201, { url: `/media/${'a'.repeat(64)}.webp`, width: 800, height: 400, bytes: 20480 })
        : json(200, { html: '', removed: [] }),
    );
    renderWithClient(<PostFormModal type="blog" onClose={() => {}} />);
    const d = dialog();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cover.png', { type: 'image/png' });
    await user.upload(within(d).getByTestId('post-image-file'), file);
    await waitFor(() => expect(within(d).getByLabelText(/Image URL/)).toHaveProperty('value', `/media/${'a'.repeat(64)}.webp`));
    const [, init] = fetch.mock.calls.find(([url]) => String(url) === '/api/media/images')!;
    expect(init!.body).toBeInstanceOf(FormData);
    expect((init!.body as FormData).get('file')).toBeInstanceOf(File);
    expect(toast.success).toHaveBeenCalledWith('Image uploaded', { description: '800 × 400, 20 KB' });
  });
});

describe('autosave, versions and conflicts (decision 201)', () => {
  const DRAFT = { ...POST, status: 'draft' as const, published_at: null, version: 4 };
  const puts = (fetch: ReturnType<typeof mockFetch>) =>
    fetch.mock.calls
      .filter(([url, i]) => String(url) === '/api/blog/admin/posts/p1' && i?.method === 'PUT')
      .map(([, i]) => JSON.parse(String(i!.body)) as Record<string, unknown>);

  it('autosaves a draft when focus leaves the form and after a pause, naming the version each time', async () => {
    let version = 4;
    const fetch = mockFetch((method, path, init) => {
      if (path.endsWith('/preview')) return json(200, { html: '', removed: [] });
      if (method === 'PUT')
        return json(200, { ...DRAFT, ...JSON.parse(String(init.body)), slug: DRAFT.slug, version: ++version, removed: [] });
      return json(404, {});
    });
    renderWithClient(<PostFormModal type="press_release" post={DRAFT} onClose={() => {}} />);
    const d = screen.getByRole('dialog', { name: 'Edit Press Release' });
    const title = within(d).getByLabelText('Title');
    fireEvent.change(title, { target: { value: 'Hello again' } });
    fireEvent.blur(title, { relatedTarget: null });
    await waitFor(() => expect(puts(fetch)).toHaveLength(1));
    // The slug is not sent when the operator left it as it was (a draft's address follows its title).
    expect(puts(fetch)[0]).toMatchObject({ title: 'Hello again', version: 4, autosave: true, slug: null });
    await waitFor(() => expect(within(d).getByTestId('save-state').textContent).toMatch(/^Draft saved at /));

    // Typing, then a pause: the next autosave names the version the first one made.
    fireEvent.change(title, { target: { value: 'Hello for the third time' } });
    expect(within(d).getByTestId('save-state').textContent).toBe('Unsaved changes');
    await waitFor(() => expect(puts(fetch)).toHaveLength(2), { timeout: AUTOSAVE_IDLE_MS + 2000 });
    expect(puts(fetch)[1]).toMatchObject({ title: 'Hello for the third time', version: 5, autosave: true });
  });

  it('sends the slug the operator typed', async () => {
    const fetch = mockFetch((method, path, init) =>
      path.endsWith('/preview')
        ? json(200, { html: '', removed: [] })
        : json(200, { ...DRAFT, slug: JSON.parse(String(init.body)).slug, version: 5, removed: [] }),
    );
    renderWithClient(<PostFormModal type="press_release" post={DRAFT} onClose={() => {}} />);
    const d = screen.getByRole('dialog', { name: 'Edit Press Release' });
    const slug = within(d).getByLabelText(/^Slug/);
    expect(slug).toHaveProperty('value', 'hello');
    fireEvent.change(slug, { target: { value: 'Not A Slug' } });
    fireEvent.click(within(d).getByRole('button', { name: 'Save changes' }));
    expect(await within(d).findByText('Slug may contain lowercase letters, digits and single hyphens')).toBeTruthy();
    fireEvent.change(slug, { target: { value: 'hello-world-2026' } });
    expect(within(d).getByTestId('serp-preview').textContent).toContain('/press-releases/hello-world-2026');
    fireEvent.click(within(d).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(puts(fetch)).toHaveLength(1));
    expect(puts(fetch)[0]).toMatchObject({ slug: 'hello-world-2026', version: 4 });
  });

  it('does not autosave a published post, and says its changes go live only when saved', async () => {
    const fetch = mockFetch((_m, path) =>
      path.endsWith('/preview') ? json(200, { html: '', removed: [] }) : json(200, { ...POST, removed: [] }),
    );
    renderWithClient(<PostFormModal type="press_release" post={POST} onClose={() => {}} />);
    const d = screen.getByRole('dialog', { name: 'Edit Press Release' });
    const title = within(d).getByLabelText('Title');
    fireEvent.change(title, { target: { value: 'Live edit' } });
    fireEvent.blur(title, { relatedTarget: null });
    expect(within(d).getByTestId('save-state').textContent).toBe('Unsaved changes: published posts change only when you save');
    await new Promise((r) => setTimeout(r, 200));
    expect(puts(fetch)).toHaveLength(0);
  });

  it('a save refused because someone else saved first keeps the form open with the edits, and says who', async () => {
    const user = userEvent.setup();
    const detail = POST_EDITOR_MSG.postEditConflict('ben', '2026-11-28 06:10 UTC');
    mockFetch((_m, path) =>
      path.endsWith('/preview') ? json(200, { html: '', removed: [] }) : json(409, { detail, code: 'post_conflict' }),
    );
    const onClose = vi.fn();
    renderWithClient(<PostFormModal type="press_release" post={POST} onClose={onClose} />);
    const d = screen.getByRole('dialog', { name: 'Edit Press Release' });
    await user.clear(within(d).getByLabelText('Title'));
    await user.type(within(d).getByLabelText('Title'), 'My edit');
    await user.click(within(d).getByRole('button', { name: 'Save changes' }));
    const alert = await within(d).findByTestId('post-conflict');
    expect(alert.textContent).toContain('Your changes were not saved.');
    expect(alert.textContent).toContain('ben saved this post at 2026-11-28 06:10 UTC');
    expect(toast.error).toHaveBeenCalledWith('Not saved: someone else saved this post', { description: detail });
    expect(onClose).not.toHaveBeenCalled();
    expect(within(d).getByLabelText('Title')).toHaveProperty('value', 'My edit');
  });

  describe('authors, the feature image’s text, the publication date and the overrides (decision 206)', () => {
    const OPERATORS = {
      operators: [
        { id: 'o-ana', username: 'ana-login', display_name: 'ana', created_at: '2026-01-01T00:00:00Z', last_login_at: null },
        { id: 'o-ben', username: 'ben-login', display_name: 'ben', created_at: '2026-01-01T00:00:00Z', last_login_at: null },
        { id: 'o-cy', username: 'cy-login', display_name: null, created_at: '2026-01-01T00:00:00Z', last_login_at: null },
      ],
    };
    const server = () =>
      mockFetch((method, path) =>
        path === '/api/admin/operators'
          ? json(200, OPERATORS)
          : path.endsWith('/preview')
            ? json(200, { html: '<p>x</p>', removed: [] })
            : json(201, { ...POST, post_type: 'blog', removed: [] }),
      );
    const sent = (fetch: ReturnType<typeof mockFetch>) => {
      const call = fetch.mock.calls.find(([url, i]) => String(url) === '/api/blog/admin/posts' && i?.method === 'POST');
      return call ? (JSON.parse(String(call[1]!.body)) as Record<string, unknown>) : undefined;
    };

    it('names authors from the operator accounts in the order ticked; the byline follows until typed over', async () => {
      const user = userEvent.setup();
      const fetch = server();
      renderWithClient(<PostFormModal type="blog" onClose={() => {}} />);
      const d = dialog();
      await user.click(await within(d).findByRole('checkbox', { name: 'ben' }));
      // An operator without a public name cannot be ticked: readers never see a sign-in username.
      expect(within(d).getByRole('checkbox', { name: 'cy-login (no public name yet)' })).toHaveProperty('disabled', true);
      expect(within(d).queryByText(/ana-login|ben-login/)).toBeNull();
      await user.click(within(d).getByRole('checkbox', { name: /ana/ }));
      expect(within(d).getByLabelText('Author Name')).toHaveProperty('value', 'ben and ana');
      await user.click(within(d).getByRole('checkbox', { name: /ben/ }));
      expect(within(d).getByLabelText('Author Name')).toHaveProperty('value', 'ana');
      fireEvent.change(within(d).getByLabelText('Author Name'), { target: { value: 'The Assay team' } });
      await user.click(within(d).getByRole('checkbox', { name: /ben/ }));
      expect(within(d).getByLabelText('Author Name')).toHaveProperty('value', 'The Assay team');
      fireEvent.change(within(d).getByLabelText('Title'), { target: { value: 'A title' } });
      fireEvent.change(htmlContent(d), { target: { value: '<p>x</p>' } });
      await user.click(within(d).getByRole('button', { name: 'Create Blog Post' }));
      await waitFor(() => expect(sent(fetch)).toBeDefined());
      expect(sent(fetch)).toMatchObject({ author_ids: ['o-ana', 'o-ben'], author_name: 'The Assay team' });
    });

    it('asks for the feature image’s alt text before saving unless it is decorative, and sends caption and overrides', async () => {
      const user = userEvent.setup();
      const fetch = server();
      renderWithClient(<PostFormModal type="blog" onClose={() => {}} />);
      const d = dialog();
      fireEvent.change(within(d).getByLabelText('Title'), { target: { value: 'A title' } });
      fireEvent.change(htmlContent(d), { target: { value: '<p>x</p>' } });
      fireEvent.change(within(d).getByLabelText(/^Image URL/), { target: { value: '/media/a.webp' } });
      fireEvent.change(await within(d).findByLabelText(/Caption/), { target: { value: 'Photo: lab' } });
      fireEvent.change(within(d).getByLabelText(/Canonical URL/), { target: { value: 'http://elsewhere.example/a' } });
      await user.click(within(d).getByRole('button', { name: 'Create Blog Post' }));
      expect(await within(d).findByText(POST_EDITOR_MSG.postCanonicalInvalid)).toBeTruthy();
      fireEvent.change(within(d).getByLabelText(/Canonical URL/), { target: { value: 'https://elsewhere.example/a' } });
      await user.click(within(d).getByRole('button', { name: 'Create Blog Post' }));
      expect(await within(d).findByText(POST_EDITOR_MSG.postImageAltRequired)).toBeTruthy();
      expect(document.activeElement).toBe(within(d).getByLabelText('Image alt text'));
      expect(sent(fetch)).toBeUndefined();
      await user.click(within(d).getByLabelText(/Decorative/));
      const og = within(d).getByRole('group', { name: 'Social card preview' });
      fireEvent.change(within(d).getByLabelText(/^Title \(defaults to the meta title\)/), { target: { value: 'Card title' } });
      expect(og.textContent).toContain('Card title');
      expect(og.textContent).toContain('elsewhere.example');
      expect(within(d).getByTestId('serp-url').textContent).toBe('https://elsewhere.example/a');
      await user.click(within(d).getByRole('button', { name: 'Create Blog Post' }));
      await waitFor(() => expect(sent(fetch)).toBeDefined());
      expect(sent(fetch)).toMatchObject({
        image_url: '/media/a.webp',
        image_alt: null,
        image_decorative: true,
        image_caption: 'Photo: lab',
        canonical_url: 'https://elsewhere.example/a',
        og_title: 'Card title',
        twitter_title: null,
      });
    });

    it('edits a published post’s date, sending it only when changed', async () => {
      const user = userEvent.setup();
      const fetch = mockFetch((_m, path) =>
        path === '/api/admin/operators'
          ? json(200, OPERATORS)
          : path.endsWith('/preview')
            ? json(200, { html: '', removed: [] })
            : json(200, { ...POST, removed: [] }),
      );
      renderWithClient(<PostFormModal type="press_release" post={POST} onClose={() => {}} />);
      const d = screen.getByRole('dialog', { name: 'Edit Press Release' });
      const date = within(d).getByLabelText(/Published on/);
      await user.click(within(d).getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url) === '/api/blog/admin/posts/p1')).toBe(true));
      const first = fetch.mock.calls.find(([url]) => String(url) === '/api/blog/admin/posts/p1')!;
      expect(JSON.parse(String(first[1]!.body))).not.toHaveProperty('published_at');
      fireEvent.change(date, { target: { value: '2024-05-06T07:08' } });
      await user.click(within(d).getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(fetch.mock.calls.filter(([url]) => String(url) === '/api/blog/admin/posts/p1')).toHaveLength(2));
      const second = fetch.mock.calls.filter(([url]) => String(url) === '/api/blog/admin/posts/p1')[1]!;
      expect(JSON.parse(String(second[1]!.body)).published_at).toBe(new Date('2024-05-06T07:08').toISOString());
    });
  });

  it('says who else has the post open, from the heartbeat, and says it is gone when the form closes (decision 207)', async () => {
    const fetch = mockFetch((method, path) =>
      path === '/api/blog/admin/posts/p1/editing'
        ? json(200, { editors: method === 'PUT' ? [{ username: 'ben', seen_at: '2026-11-28T09:00:00Z' }] : [] })
        : path.endsWith('/preview')
          ? json(200, { html: '', removed: [] })
          : json(200, { operators: [] }),
    );
    const { unmount } = renderWithClient(<PostFormModal type="press_release" post={POST} onClose={() => {}} />);
    const d = screen.getByRole('dialog', { name: 'Edit Press Release' });
    expect((await within(d).findByTestId('others-editing')).textContent).toContain('ben also has this post open.');
    unmount();
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url, i]) => String(url) === '/api/blog/admin/posts/p1/editing' && i?.method === 'DELETE')).toBe(true),
    );
  });
});

describe('the tags field (decision 204)', () => {
  it('finds a tag, creates one inline, removes one, and sends their ids; the keyboard never submits the form', async () => {
    const user = userEvent.setup();
    const tags = [
      { id: 't1', name: 'Licensing', slug: 'licensing', post_count: 2 },
      { id: 't2', name: 'Patents', slug: 'patents', post_count: 0 },
    ];
    const onClose = vi.fn();
    const fetch = mockFetch((method, path) => {
      if (path.startsWith('/api/blog/admin/tags') && method === 'GET') return json(200, { tags });
      if (path === '/api/blog/admin/tags' && method === 'POST')
        return json(201, { id: 't3', name: 'Spin-outs', slug: 'spin-outs', post_count: 0 });
      if (path.endsWith('/preview')) return json(200, { html: '<p>x</p>', removed: [] });
      return json(201, { ...POST, post_type: 'blog', removed: [] });
    });
    renderWithClient(<PostFormModal type="blog" onClose={onClose} />);
    const d = dialog();
    const box = within(d).getByRole('combobox', { name: /Tags/ });
    await user.click(box);
    await user.type(box, 'pat');
    const list = await within(d).findByRole('listbox', { name: 'Tags' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Patents', 'Create tag “pat”']);
    await user.keyboard('{Enter}');
    expect(within(d).getByRole('button', { name: 'Remove tag Patents' })).toBeTruthy();
    await user.type(box, 'Spin-outs{Enter}');
    expect(await within(d).findByRole('button', { name: 'Remove tag Spin-outs' })).toBeTruthy();
    const created = fetch.mock.calls.find(([url, i]) => String(url) === '/api/blog/admin/tags' && i?.method === 'POST')!;
    expect(JSON.parse(String(created[1]!.body))).toEqual({ name: 'Spin-outs' });
    await user.type(box, 'lic');
    // Down to "Create tag “lic”", back up to Licensing.
    await user.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    await user.click(within(d).getByRole('button', { name: 'Remove tag Patents' }));
    expect(onClose).not.toHaveBeenCalled();
    await user.type(within(d).getByLabelText('Title'), 'Tagged');
    fireEvent.change(htmlContent(d), { target: { value: '<p>x</p>' } });
    await user.click(within(d).getByRole('button', { name: 'Create Blog Post' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [, init] = fetch.mock.calls.find(([url, i]) => String(url) === '/api/blog/admin/posts' && i?.method === 'POST')!;
    expect(JSON.parse(String(init!.body)).tag_ids).toEqual(['t3', 't1']);
  });
});
