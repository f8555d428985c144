import { lazy, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { PublicLayout } from '../components/layout/PublicLayout.tsx';
import { Root } from './Root.tsx';
import { lazyNamed } from '../lib/lazy-named.ts';

/**
 * Each screen is its own chunk: the public pages stay small, member and admin code load on
 * demand. The router runs in declarative mode (`useRoutes` under a BrowserRouter): the data
 * router's loaders and actions, which no screen uses, would double its weight in every page.
 * Root shows a spinner while a screen's chunk loads; a navigation keeps the old screen meanwhile.
 */
const page = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'element'> => {
  const Page = lazy(load);
  return { element: <Page /> };
};

// Only some visitors see these: members, visitors at the sign-in forms, unknown addresses.
const MemberArea = lazyNamed(() => import('./MemberArea.tsx'), 'MemberArea');
const GuestOnly = lazyNamed(() => import('../components/layout/RequireAuth.tsx'), 'GuestOnly');
const NotFoundPage = lazyNamed(() => import('../components/layout/NotFoundPage.tsx'), 'NotFoundPage');

/**
 * The route table of docs/product.md §2 (plus /forgot-password). Every path is also in SPA_ROUTES
 * (packages/shared), which the server reads to answer other paths with 404; the catch-all shows
 * the Not Found page.
 */
export const routes: RouteObject[] = [
  {
    element: <Root />,
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
          { path: '/email-change-revert', ...page(() => import('../features/auth/pages/EmailChangeRevertPage.tsx')) },
          { path: '/profile-completion', ...page(() => import('../features/auth/pages/ProfileCompletionPage.tsx')) },
          { path: '/rttp', ...page(() => import('../features/content/pages/RttpPage.tsx')) },
          { path: '/experts/apply', ...page(() => import('../features/experts/pages/ExpertApplyPage.tsx')) },
          { path: '/contact', ...page(() => import('../features/contact/pages/ContactPage.tsx')) },
          { path: '/about', ...page(() => import('../features/content/pages/AboutPage.tsx')) },
          { path: '/pricing', ...page(() => import('../features/purchase/pages/PricingPage.tsx')) },
          { path: '/careers', ...page(() => import('../features/content/pages/CareersPage.tsx')) },
          { path: '/blog', ...page(() => import('../features/blog/pages/BlogListPage.tsx')) },
          { path: '/blog/:slug', ...page(() => import('../features/blog/pages/PostPage.tsx')) },
          { path: '/blog/tag/:slug', ...page(() => import('../features/blog/pages/TagPage.tsx')) },
          { path: '/press-releases', ...page(() => import('../features/blog/pages/PressListPage.tsx')) },
          { path: '/press-releases/:slug', ...page(() => import('../features/blog/pages/PostPage.tsx')) },
          { path: '/preview/:token', ...page(() => import('../features/blog/pages/PreviewPage.tsx')) },
          { path: '/r/:token', ...page(() => import('../features/reports/pages/SharedReportPage.tsx')) },
          { path: '/privacy', ...page(() => import('../features/content/pages/PrivacyPage.tsx')) },
          { path: '/terms', ...page(() => import('../features/content/pages/TermsPage.tsx')) },
          { path: '/pricing-policy', ...page(() => import('../features/content/pages/TermsPage.tsx')) },
          { path: '/refund-policy', ...page(() => import('../features/content/pages/RefundPolicyPage.tsx')) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <MemberArea />,
        children: [
          { path: '/profile', ...page(() => import('../features/account/pages/ProfilePage.tsx')) },
          { path: '/login-pricing', ...page(() => import('../features/purchase/pages/BuyTokensPage.tsx')) },
          { path: '/reports', ...page(() => import('../features/reports/pages/ReportsPage.tsx')) },
          { path: '/billing', ...page(() => import('../features/billing/pages/BillingPage.tsx')) },
        ],
      },
      { path: '/admin', ...page(() => import('../features/admin/pages/AdminPage.tsx')) },
      { path: '/expert', ...page(() => import('../features/experts/pages/ExpertPage.tsx')) },
      { path: '/expert/invitation', ...page(() => import('../features/experts/pages/ExpertPage.tsx')) },
    ],
  },
];

/** The route table, for a BrowserRouter. */
export function AppRoutes() {
  return useRoutes(routes);
}
