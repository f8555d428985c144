import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SITE } from '../../test/site.ts';
import { PublicLayout } from './PublicLayout.tsx';

function renderLayout() {
  const client = new QueryClient();
  client.setQueryData(['site-config'], SITE);
  const router = createMemoryRouter([{ element: <PublicLayout />, children: [{ path: '/', element: <p>Home content</p> }] }]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const mobileNav = () => screen.queryByRole('navigation', { name: 'Mobile' });

beforeEach(() => vi.stubGlobal('scrollTo', () => undefined));
afterEach(() => vi.unstubAllGlobals());

describe('the phone menu', () => {
  it('closes on Escape and gives focus back to its button', async () => {
    const user = userEvent.setup();
    renderLayout();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(mobileNav()).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(mobileNav()).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open menu' }));
  });

  it('closes on a tap outside it, and stays open for taps inside', async () => {
    const user = userEvent.setup();
    renderLayout();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(mobileNav()!);
    expect(mobileNav()).toBeTruthy();
    await user.click(screen.getByText('Home content'));
    expect(mobileNav()).toBeNull();
  });
});
