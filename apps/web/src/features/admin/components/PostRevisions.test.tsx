import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatDayTime } from '@assay/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminCredentials } from '../lib/credentials.ts';
import { json, mockFetch, POST, renderWithClient } from '../test-support.tsx';
import { PostRevisions } from './PostRevisions.tsx';
import { spyOnToasts } from '../../../test/toasts.ts';

const toast = spyOnToasts();

beforeEach(() => adminCredentials.save('ops', 'secret-password'));
afterEach(() => {
  adminCredentials.clear();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const REVS = [
  { id: 'r3', version: 3, kind: 'autosave', title: 'Hello', operator_name: 'ana', created_at: '2026-11-28T06:10:00Z' },
  { id: 'r2', version: 2, kind: 'published', title: 'Hello', operator_name: 'ben', created_at: '2026-11-28T06:00:00Z' },
];
const FULL = {
  ...REVS[1],
  description: 'Old description',
  content: '<p>The published words.</p>',
  image_url: '/images/bench.webp',
  author_name: 'Ben',
  meta_title: 'SEO words',
  meta_description: null,
  meta: {
    slug: 'hello-there',
    slug_custom: true,
    description_generated: false,
    published_at: '2026-11-01T09:30:00Z',
    authors: [
      { id: 'o1', name: 'Ben Writer', gone: false },
      { id: 'o2', name: 'Cy Writer', gone: true },
    ],
    tags: [
      { id: 't1', name: 'Patents', slug: 'patents', gone: false },
      { id: 't2', name: 'Old tag', slug: 'old-tag', gone: true },
    ],
    image_alt: 'A lab bench',
    image_caption: 'The bench',
    image_decorative: false,
    canonical_url: 'https://elsewhere.example/a',
    og_title: 'Card title',
    og_description: null,
    og_image_url: null,
    twitter_title: null,
    twitter_description: 'X words',
    twitter_image_url: null,
  },
};
/** The view's rows as "label: value". */
const fieldRows = (view: HTMLElement) =>
  [...within(view).getByTestId('revision-fields').querySelectorAll('dt')].map(
    (dt) => `${dt.textContent}: ${dt.nextElementSibling!.textContent}`,
  );
const openHistory = (container: HTMLElement) => {
  const details = container.querySelector('details')!;
  details.open = true;
  fireEvent(details, new Event('toggle'));
};

describe('the revision history', () => {
  it('lists revisions with time, kind and author; shows one; restores it naming the form’s version', async () => {
    const fetch = mockFetch((method, path) => {
      if (path === '/api/blog/admin/posts/p1/revisions') return json(200, { revisions: REVS });
      if (path === '/api/blog/admin/posts/p1/revisions/r2') return json(200, FULL);
      if (method === 'POST' && path === '/api/blog/admin/posts/p1/revisions/r2/restore')
        return json(200, { ...POST, version: 4, removed: [] });
      return json(404, { detail: 'no' });
    });
    const onRestored = vi.fn();
    const { container } = renderWithClient(<PostRevisions post={POST} dirty={false} onRestored={onRestored} />);
    openHistory(container);
    const rows = await screen.findAllByTestId('post-revision');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Autosaved by ana · version 3 · current'),
      expect.stringContaining('Published by ben · version 2'),
    ]);
    // The current version has nothing to restore.
    expect(within(rows[0]!).queryByRole('button', { name: /Restore/ })).toBeNull();

    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'View version 2' }));
    const view = await screen.findByTestId('revision-view');
    expect(view.textContent).toContain('The published words.');
    // Everything the revision keeps besides the text (decision 226); what is gone since is said so.
    expect(fieldRows(view)).toEqual([
      'Byline: Ben',
      'Address: /press-releases/hello-there',
      `Published on: ${formatDayTime('2026-11-01T09:30:00Z')}`,
      'Authors: Ben Writer, Cy Writer (account removed)',
      'Tags: Patents, Old tag (tag deleted)',
      'Feature image: /images/bench.webp',
      'Image alt text: A lab bench',
      'Image caption: The bench',
      'SEO title: SEO words',
      'Canonical URL: https://elsewhere.example/a',
      'Open Graph title: Card title',
      'X (Twitter) description: X words',
    ]);
    expect(view.textContent).toContain('Restoring leaves out what no longer exists.');
    expect(within(view).queryByTestId('revision-text-only')).toBeNull();

    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Restore version 2' }));
    await waitFor(() => expect(onRestored).toHaveBeenCalledWith(expect.objectContaining({ version: 4 })));
    const [, init] = fetch.mock.calls.find(([url]) => String(url).endsWith('/r2/restore'))!;
    expect(JSON.parse(String(init!.body))).toEqual({ version: POST.version });
    expect(toast.success).toHaveBeenCalledWith('Revision restored', { description: 'Saved as version 4.' });
  });

  it('a revision saved before revisions kept the rest shows its text and says restoring keeps the post’s current fields', async () => {
    mockFetch((_method, path) => {
      if (path === '/api/blog/admin/posts/p1/revisions') return json(200, { revisions: REVS });
      if (path === '/api/blog/admin/posts/p1/revisions/r2') return json(200, { ...FULL, image_url: null, meta_title: null, meta: null });
      return json(404, { detail: 'no' });
    });
    const { container } = renderWithClient(<PostRevisions post={POST} dirty={false} onRestored={vi.fn()} />);
    openHistory(container);
    const rows = await screen.findAllByTestId('post-revision');
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'View version 2' }));
    const view = await screen.findByTestId('revision-view');
    expect(fieldRows(view)).toEqual(['Byline: Ben']);
    expect(within(view).getByTestId('revision-text-only').textContent).toMatch(
      /restoring it brings back its text and keeps the post’s current ones/,
    );
  });
});
