import { createBrowserRouter, type RouteObject } from 'react-router';
import { MemberShell } from '../components/layout/MemberShell.tsx';
import { PublicLayout } from '../components/layout/PublicLayout.tsx';
import { ErrorPage } from '../components/layout/ErrorBoundary.tsx';
import { NotFoundPage } from '../components/layout/NotFoundPage.tsx';
import { GuestOnly } from '../components/layout/RequireAuth.tsx';
import { PageSpinner } from '../components/ui/Spinner.tsx';
import { Root } from './Root.tsx';

/** Each screen is its own chunk: the public pages stay small, member and admin code load on demand. */
const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/**
 * The route table of SPEC section 2 (plus /forgot-password). Every path is also in SPA_ROUTES
 * (packages/shared), which the server reads to answer other paths with 404; the catch-all shows
 * the Not Found page.
 */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <ErrorPage />,
    // Shown while the first screen's chunk loads, instead of a blank page.
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', ...page(() => import('../features/content/pages/HomePage.tsx')) },
          {
            element: <GuestOnly />,
            children: [
              { path: '/login', ...page(() => import('../features/auth/pages/LoginPage.tsx')) },
              { path: '/signup', ...page(() => import('../features/auth/pages/SignupPage.tsx')) },
            ],
          },
          { path: '/forgot-password', ...page(() => import('../features/auth/pages/ForgotPasswordPage.tsx')) },
          { path: '/profile-completion', ...page(() => import('../features/auth/pages/ProfileCompletionPage.tsx')) },
          { path: '/rttp', ...page(() => import('../features/content/pages/RttpPage.tsx')) },
          { path: '/contact', ...page(() => import('../features/content/pages/ContactPage.tsx')) },
          { path: '/about', ...page(() => import('../features/content/pages/AboutPage.tsx')) },
          { path: '/pricing', ...page(() => import('../features/billing/pages/PricingPage.tsx')) },
          { path: '/careers', ...page(() => import('../features/content/pages/CareersPage.tsx')) },
          { path: '/blog', ...page(() => import('../features/blog/pages/BlogListPage.tsx')) },
          { path: '/blog/:slug', ...page(() => import('../features/blog/pages/PostPage.tsx')) },
          { path: '/press-releases', ...page(() => import('../features/blog/pages/PressListPage.tsx')) },
          { path: '/press-releases/:slug', ...page(() => import('../features/blog/pages/PostPage.tsx')) },
          { path: '/privacy', ...page(() => import('../features/content/pages/PrivacyPage.tsx')) },
          { path: '/terms', ...page(() => import('../features/content/pages/TermsPage.tsx')) },
          { path: '/pricing-policy', ...page(() => import('../features/content/pages/TermsPage.tsx')) },
          { path: '/refund-policy', ...page(() => import('../features/content/pages/RefundPolicyPage.tsx')) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <MemberShell />,
        children: [
          { path: '/profile', ...page(() => import('../features/account/pages/ProfilePage.tsx')) },
          { path: '/login-pricing', ...page(() => import('../features/billing/pages/BuyTokensPage.tsx')) },
          { path: '/reports', ...page(() => import('../features/reports/pages/ReportsPage.tsx')) },
        ],
      },
      { path: '/admin', ...page(() => import('../features/admin/pages/AdminPage.tsx')) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
