import type { FooterConfig, StoreDetail } from '@haat/contracts';
import { Mail, MapPin, Phone } from 'lucide-react';
import type { HTMLAttributes } from 'react';
import { EmailText } from '../../components/ui/email-text.tsx';
import { Link } from '../../lib/router.tsx';
import { NewsletterForm, shopNewsletter } from '../newsletter/index.ts';
import { POLICY_LINKS, policyFromThemeHref, policyPath } from '../shop-policies/index.ts';
import { storePhones } from './store-phones.ts';
import type { EditHook } from './text-style.ts';

type FooterLink = { text: string; href: string };

const linkClass = 'text-sm text-slate-300 transition-colors hover:text-white focus-visible:text-white';

/**
 * A theme link: site-relative hrefs ('/products') live under the shop's base path, anchors naming a policy
 * ('#shipping') lead to that policy's page, other in-page anchors and mail/phone links stay as they are, and
 * other sites open in a new tab.
 */
function ThemeLink({ link, base }: { link: FooterLink; base: string }) {
  const cls = linkClass;
  const href = link.href.trim();
  const policy = policyFromThemeHref(href);
  if (policy) {
    return (
      <Link to={policyPath(base, policy)} className={cls}>
        {link.text}
      </Link>
    );
  }
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link to={href === '/' ? base || '/' : `${base}${href}`} className={cls}>
        {link.text}
      </Link>
    );
  }
  if (/^https?:\/\//i.test(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={cls}>
        {link.text}
      </a>
    );
  }
  if (/^(#|mailto:|tel:)/i.test(href)) {
    return (
      <a href={href} className={cls}>
        {link.text}
      </a>
    );
  }
  // Anything else (javascript:, data:, empty) is not followed.
  return <span className="text-sm text-slate-400">{link.text}</span>;
}

function LinkColumn({
  title,
  links,
  base,
  titleEdit,
}: {
  title: string;
  links: FooterLink[];
  base: string;
  titleEdit?: HTMLAttributes<HTMLElement>;
}) {
  if (!links.length) return null;
  return (
    <nav aria-label={title}>
      <h2 {...titleEdit} className="text-sm font-semibold tracking-wide text-white uppercase">
        {title}
      </h2>
      <ul className="mt-3 space-y-2">
        {links.map((l) => (
          <li key={`${l.text}-${l.href}`}>
            <ThemeLink link={l} base={base} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The shop footer: about the shop (with its city and state) and its newsletter sign-up (the shop's own list),
 * the theme's quick links, customer service and contact, then copyright and the links to the shop's policy
 * pages (privacy, terms, refund, shipping, returns) with the theme's other legal links. In the template
 * editor the sign-up box is shown but inert.
 */
export function FooterSection({
  config,
  store,
  base,
  edit,
}: {
  config: FooterConfig | undefined;
  store: StoreDetail;
  base: string;
  /** Template editor only: makes the theme's texts editable in place. */
  edit?: EditHook;
}) {
  const place = [store.location?.city, store.location?.state].filter(Boolean).join(', ');
  const email = config?.contact.email.trim();
  const phones = storePhones(store, [config?.contact.phone]);
  const year = new Date().getFullYear();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 py-12 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div className="col-span-2 space-y-3 lg:col-span-1">
          <h2 className="text-lg font-bold text-white">{store.store_name}</h2>
          {store.short_description || store.description ? (
            <p className="text-sm">{store.short_description || store.description}</p>
          ) : null}
          {place ? (
            <p className="flex items-center gap-2 text-sm">
              <MapPin aria-hidden className="size-4 shrink-0" />
              {place}
            </p>
          ) : null}
          <div className="pt-2">
            <h3
              {...edit?.('newsletter.heading', 'Newsletter heading')}
              className="text-sm font-semibold text-white"
            >
              {config?.newsletter.heading.trim() || 'Newsletter'}
            </h3>
            {config?.newsletter.description || edit ? (
              <p {...edit?.('newsletter.description', 'Newsletter text')} className="mt-1 text-sm">
                {config?.newsletter.description || 'Add a line about what subscribers get'}
              </p>
            ) : (
              <p className="mt-1 text-sm">News and offers from {store.store_name}, now and then.</p>
            )}
            <div className="mt-3">
              <NewsletterForm target={shopNewsletter(store.slug)} preview={!!edit} />
            </div>
          </div>
        </div>
        {config ? (
          <LinkColumn
            title={config.quickLinks.title || 'Quick Links'}
            links={config.quickLinks.links}
            base={base}
            titleEdit={edit?.('quickLinks.title', 'Quick links title')}
          />
        ) : null}
        {config ? (
          <LinkColumn
            title={config.customerService.title || 'Customer Service'}
            links={config.customerService.links}
            base={base}
            titleEdit={edit?.('customerService.title', 'Customer service title')}
          />
        ) : null}
        <address className="col-span-2 space-y-2 not-italic lg:col-span-1">
          <h2
            {...edit?.('contact.title', 'Contact title')}
            className="text-sm font-semibold tracking-wide text-white uppercase"
          >
            {config?.contact.title || 'Contact Us'}
          </h2>
          {email ? (
            <a href={`mailto:${email}`} className="flex min-w-0 items-center gap-2 text-sm hover:text-white">
              <Mail aria-hidden className="size-4 shrink-0" />
              <span className="min-w-0 break-words">
                <EmailText email={email} />
              </span>
            </a>
          ) : null}
          {phones.map((p) => (
            <a
              key={p}
              href={`tel:${p.replace(/[^\d+]/g, '')}`}
              className="flex items-center gap-2 text-sm hover:text-white"
            >
              <Phone aria-hidden className="size-4 shrink-0" />
              {p}
            </a>
          ))}
          {config?.contact.address ? <p className="text-sm">{config.contact.address}</p> : null}
        </address>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-xs sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          {/* The year is the server's (UTC) in its HTML and the browser's after: they differ only around New Year. */}
          <p {...edit?.('copyright', 'Copyright')} suppressHydrationWarning>
            {config?.copyright || `© ${year} ${store.store_name}. All rights reserved.`}
          </p>
          <ul aria-label="Policies" className="flex flex-wrap gap-x-4 gap-y-2">
            {POLICY_LINKS.map((p) => (
              <li key={p.kind}>
                <Link to={policyPath(base, p.kind)} className={linkClass}>
                  {p.text}
                </Link>
              </li>
            ))}
            {/* The theme's other legal links; those naming a policy are the links above. */}
            {(config?.legal ?? [])
              .filter((l) => !policyFromThemeHref(l.href))
              .map((l) => (
                <li key={`${l.text}-${l.href}`}>
                  <ThemeLink link={l} base={base} />
                </li>
              ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
