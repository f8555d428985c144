import { PRODUCT_NAME } from '@assay/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { adminKeys } from '../api/keys.ts';
import { AdminLogin } from '../components/AdminLogin.tsx';
import { AdminPanel } from '../components/AdminPanel.tsx';
import { useAdminCredentials } from '../lib/credentials.ts';

/**
 * The operator panel at /admin (docs/product.md §2): its own full-screen app, outside the public
 * layout and the member shell. Signed out it shows the login; signed in, the tabbed panel.
 */
export default function AdminPage() {
  const credentials = useAdminCredentials();
  const queryClient = useQueryClient();
  // Signed out (Logout, or credentials refused mid-session): nothing loaded may outlive them.
  useEffect(() => {
    if (!credentials) queryClient.removeQueries({ queryKey: adminKeys.all });
  }, [credentials, queryClient]);
  useEffect(() => {
    const previous = document.title;
    document.title = `Operator panel · ${PRODUCT_NAME}`;
    let robots = document.querySelector<HTMLMetaElement>('meta[name="robots"]');
    const created = !robots;
    const previousRobots = robots?.content;
    if (!robots) {
      robots = document.createElement('meta');
      robots.name = 'robots';
      document.head.appendChild(robots);
    }
    robots.content = 'noindex, nofollow';
    return () => {
      document.title = previous;
      if (created) robots.remove();
      else if (previousRobots !== undefined) robots.content = previousRobots;
    };
  }, []);
  return credentials ? <AdminPanel credentials={credentials} /> : <AdminLogin />;
}
