import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminCredentials } from '../lib/credentials.ts';
import { json, mockFetch, POST, renderWithClient } from '../test-support.tsx';
import { PostRevisions } from './PostRevisions.tsx';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

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
const FULL = { ...REVS[1], description: 'Old description', content: '<p>The published words.</p>', image_url: null, author_name: 'Ben', meta_title: null, meta_description: null };

describe('the revision history', () => {
  it('lists revisions with time, kind and author; shows one; restores it naming the form’s version', async () => {
    const fetch = mockFetch((method, path) => {
      if (path === '/api/blog/admin/posts/p1/revisions') return json(200, { revisions: REVS });
      if (path === '/api/blog/admin/posts/p1/revisions/r2') return json(200, FULL);
      if (method === 'POST' && path === '/api/blog/admin/posts/p1/revisions/r2/restore') return json(200, { ...POST, version: 4, removed: [] });
      return json(404, { detail: 'no' });
    });
    const onRestored = vi.fn();
    const { container } = renderWithClient(<PostRevisions post={POST} dirty={false} onRestored={onRestored} />);
    const details = container.querySelector('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    const rows = await screen.findAllByTestId('post-revision');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Autosaved by ana · version 3 · current'),
      expect.stringContaining('Published by ben · version 2'),
    ]);
    // The current version has nothing to restore.
    expect(within(rows[0]!).queryByRole('button', { name: /Restore/ })).toBeNull();

    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'View version 2' }));
    expect((await screen.findByTestId('revision-view')).textContent).toContain('The published words.');

    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Restore version 2' }));
    await waitFor(() => expect(onRestored).toHaveBeenCalledWith(expect.objectContaining({ version: 4 })));
    const [, init] = fetch.mock.calls.find(([url]) => String(url).endsWith('/r2/restore'))!;
    expect(JSON.parse(String(init!.body))).toEqual({ version: POST.version });
    expect(toast.success).toHaveBeenCalledWith('Revision restored', { description: 'Saved as version 4.' });
  });
});
