/** The public navigation of docs/product.md §2. */
export const MAIN_NAV = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/rttp', label: 'RTTP Experts' },
  { to: '/careers', label: 'Careers' },
  { to: '/blog', label: 'Blog' },
  { to: '/press-releases', label: 'Press' },
  { to: '/contact', label: 'Contact' },
] as const;

export const FOOTER_GROUPS = [
  {
    title: 'Product',
    links: [
      { to: '/pricing', label: 'Pricing' },
      { to: '/login-pricing', label: 'Buy Tokens' },
      { to: '/reports', label: 'Dashboard' },
      { to: '/signup', label: 'Get Started' },
      { to: '/login', label: 'Sign In' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/careers', label: 'Careers' },
      { to: '/blog', label: 'Blog' },
      { to: '/press-releases', label: 'Press Releases' },
      { to: '/contact', label: 'Contact' },
    ],
  },
  {
    title: 'Experts',
    links: [
      { to: '/rttp', label: 'RTTP Experts' },
      { to: '/rttp#contact', label: 'Talk to an Expert' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy', label: 'Privacy Policy' },
      { to: '/terms', label: 'Terms and Conditions' },
      { to: '/pricing-policy', label: 'Pricing Policy' },
      { to: '/refund-policy', label: 'Refund Policy' },
    ],
  },
] as const;
