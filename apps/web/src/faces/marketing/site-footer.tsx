import { ShoppingBag } from 'lucide-react';
import { EmailText } from '../../components/ui/email-text.tsx';
import { NewsletterForm } from '../../features/newsletter/newsletter-form.tsx';
import { Link, useLocation } from '../../lib/router.tsx';
import { NAV_LINKS, navTarget, SALES_EMAIL, scheduleDemoHref } from './nav-links.ts';

export function SiteFooter() {
  const { pathname, search } = useLocation();
  const year = new Date().getFullYear();
  const linkClass = 'text-sm text-slate-300 hover:text-white';

  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="lg:col-span-1">
          <Link to="/" className="flex items-center gap-2 text-xl font-bold text-white">
            <span className="flex size-9 items-center justify-center rounded-lg bg-brand-600">
              <ShoppingBag aria-hidden className="size-5" />
            </span>
            Haat
          </Link>
          <p className="mt-4 text-sm">Online stores for India's small businesses.</p>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-6 lg:col-span-1">
          <div>
            <h2 className="text-sm font-semibold text-white">Product</h2>
            <ul className="mt-3 space-y-2">
              {NAV_LINKS.map((link) => (
                <li key={link.label}>
                  <Link to={navTarget(link, pathname, search)} className={linkClass}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="text-sm font-semibold text-white">Contact</h2>
            <ul className="mt-3 space-y-2">
              <li>
                <a href={`mailto:${SALES_EMAIL}`} className={`${linkClass} break-words`}>
                  <EmailText email={SALES_EMAIL} />
                </a>
              </li>
              <li>
                <a href={scheduleDemoHref} className={linkClass}>
                  Schedule a demo
                </a>
              </li>
            </ul>
          </div>
        </nav>
        <div className="md:col-span-2">
          <h2 className="text-base font-semibold text-white">Stay in the loop</h2>
          <p className="mt-1 mb-4 text-sm">
            Occasional product news and selling tips for small businesses. No spam.
          </p>
          <NewsletterForm />
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm text-slate-400 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>© {year} Haat. All rights reserved.</p>
          <ul aria-label="Legal" className="flex gap-4">
            <li>
              <Link to="/terms" className={linkClass}>
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to="/privacy" className={linkClass}>
                Privacy Policy
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
