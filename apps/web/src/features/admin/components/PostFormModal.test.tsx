import { MSG } from '@assay/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminCredentials } from '../lib/credentials.ts';
import { json, mockFetch, POST, renderWithClient } from '../test-support.tsx';
import { PostFormModal } from './PostFormModal.tsx';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));


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

describe('the operator post form', () => {
  it('starts with the author Admin and asks for title, description and content', async () => {
    const fetch = mockFetch(() => json(200, {}));
    renderWithClient(<PostFormModal type="blog" onClose={() => {}} />);
    const d = dialog();
    expect(within(d).getByLabelText('Author Name')).toHaveProperty('value', 'Admin');
    fireEvent.click(within(d).getByRole('button', { name: 'Create Blog Post' }));
    expect(await within(d).findByText(MSG.postTitleRequired)).toBeTruthy();
    expect(within(d).getByText(MSG.postDescriptionRequired)).toBeTruthy();
    expect(within(d).getByText(MSG.postContentRequired)).toBeTruthy();
    expect(within(d).queryByText(MSG.postAuthorRequired)).toBeNull();
    expect(within(d).queryByText(MSG.postImageUrlInvalid)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('requires an author name and a URL-format image address when one is given', async () => {
    const user = userEvent.setup();
    mockFetch(() => json(200, { html: '' }));
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
  });

  it('creates with basic authorization and the spec payload', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const fetch = mockFetch((method, path) => (path.endsWith('/preview') ? json(200, { html: '<p>x</p>' }) : json(201, { ...POST, post_type: 'blog' })));
    renderWithClient(<PostFormModal type="blog" onClose={onClose} />);
    const d = dialog();
    await user.type(within(d).getByLabelText('Title'), 'A title');
    await user.type(within(d).getByLabelText('Description'), 'A description');
    fireEvent.change(within(d).getByLabelText(/Content/), { target: { value: '<p>x</p>' } });
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
    });
  });

  it('edits with the post’s values and keeps its SEO fields', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch((_m, path) => (path.endsWith('/preview') ? json(200, { html: '<p>Body</p>' }) : json(200, POST)));
    renderWithClient(<PostFormModal type="press_release" post={POST} onClose={() => {}} />);
    const d = screen.getByRole('dialog', { name: 'Edit Press Release' });
    expect(within(d).getByLabelText('Title')).toHaveProperty('value', 'Hello');
    expect(within(d).getByLabelText('Mark as featured')).toHaveProperty('checked', true);
    await user.click(within(d).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Post updated successfully'));
    const [, init] = fetch.mock.calls.find(([url]) => String(url) === '/api/blog/admin/posts/p1')!;
    expect(init!.method).toBe('PUT');
    expect(JSON.parse(String(init!.body))).toMatchObject({ meta_title: 'SEO title', meta_description: 'SEO description', post_type: 'press_release' });
  });

  it('says which save failed: the server’s refusal, or a network failure', async () => {
    const user = userEvent.setup();
    mockFetch((_m, path) => (path.endsWith('/preview') ? json(200, { html: '' }) : json(400, { detail: 'Title must be at most 200 characters' })));
    const { unmount } = renderWithClient(<PostFormModal type="press_release" post={POST} onClose={() => {}} />);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to update press_release', { description: 'Title must be at most 200 characters' }),
    );
    unmount();

    mockFetch((_m, path) => (path.endsWith('/preview') ? json(200, { html: '' }) : Promise.reject(new TypeError('Failed to fetch'))));
    renderWithClient(<PostFormModal type="press_release" post={POST} onClose={() => {}} />);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.postSaveFailed));
  });

  it('previews the content as the server sanitises it', async () => {
    const fetch = mockFetch((_m, path, init) =>
      path.endsWith('/preview')
        ? json(200, { html: String(JSON.parse(String(init.body)).content).replace(/<script>.*?<\/script>/g, '') })
        : json(200, {}),
    );
    renderWithClient(<PostFormModal type="blog" onClose={() => {}} />);
    const d = dialog();
    fireEvent.change(within(d).getByLabelText(/Content/), { target: { value: '<h2>Hello</h2><p>World <script>alert(1)</script></p>' } });
    const preview = within(d).getByTestId('post-preview');
    await waitFor(() => expect(within(preview).getByRole('heading', { name: 'Hello' })).toBeTruthy(), { timeout: 2000 });
    expect(preview.querySelector('script')).toBeNull();
    expect(preview.textContent).toContain('World');
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/preview'))).toHaveLength(1);
  });
});
