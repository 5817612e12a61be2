/** The header's links: in-page sections of the landing page, and the two content pages. */
export const NAV_LINKS = [
  { label: 'Features', section: 'features' },
  { label: 'Explore Shops', section: 'explore-shops' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'About', to: '/about' },
] as const satisfies readonly ({ label: string; section: string } | { label: string; to: string })[];

export type NavLink = (typeof NAV_LINKS)[number];

/** Where a link goes: a section keeps the landing page's filters (query) when already on it. */
export const navTarget = (link: NavLink, pathname: string, search: string) =>
  'section' in link ? { pathname: '/', search: pathname === '/' ? search : '', hash: link.section } : link.to;

export const SALES_EMAIL = 'sales@haat.in';
export const scheduleDemoHref = `mailto:${SALES_EMAIL}?subject=${encodeURIComponent('Schedule a Haat demo')}`;
