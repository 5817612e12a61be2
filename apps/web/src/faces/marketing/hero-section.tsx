import { CircleCheck, CirclePlay } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useHost } from '../../app/host.tsx';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { useLoginChooser } from './login-chooser.tsx';
import { scrollToSection } from './scroll.ts';

export const HERO_PHRASES = [
  'inventory management',
  'payment processing',
  'customer analytics',
  'order tracking',
  'marketing tools',
] as const;
/** Spec 01 §9: the hero phrase rotates every 2 s. */
const ROTATE_MS = 2000;

function useRotatingPhrase() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setIndex((i) => (i + 1) % HERO_PHRASES.length), ROTATE_MS);
    return () => clearInterval(id);
  }, []);
  return HERO_PHRASES[index];
}

export function HeroSection() {
  const phrase = useRotatingPhrase();
  const { openChooser } = useLoginChooser();

  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white pt-28 pb-16 sm:pt-36 sm:pb-24"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm ring-1 ring-brand-100">
            14-day free trial · No credit card needed
          </p>
          <h1
            id="hero-heading"
            className="mt-5 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl"
          >
            Build your online store
            <span className="mt-2 block text-2xl font-bold text-slate-700 sm:text-3xl lg:text-4xl">
              with built-in <span className="block min-h-[1.25em] text-brand-600 sm:inline">{phrase}</span>
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-slate-600">
            Haat gives Indian small businesses their own online shop: take orders with cash on delivery or
            UPI, manage stock and orders from one dashboard, and get found on our marketplace.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <button
              type="button"
              onClick={() => openChooser('vendor')}
              className={`${buttonStyles.primary} px-6 py-3 text-base`}
            >
              Start Free Trial
            </button>
            <button
              type="button"
              onClick={() => scrollToSection('how-it-works', { focusHeading: true })}
              className={`${buttonStyles.secondary} px-6 py-3 text-base`}
            >
              <CirclePlay aria-hidden className="size-5 text-brand-600" />
              Watch Demo
            </button>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600">
            {['No credit card required', 'Setup in minutes', 'COD and UPI ready'].map((t) => (
              <li key={t} className="flex items-center gap-1.5">
                <CircleCheck aria-hidden className="size-4 text-emerald-600" />
                {t}
              </li>
            ))}
          </ul>
        </div>
        <StorePreview />
      </div>
    </section>
  );
}

/** A demo shop's real home page (a screenshot of Jaipur Block Prints at 1200 px) in a browser frame. */
function StorePreview() {
  const { platformDomain } = useHost();
  return (
    <figure className="relative mx-auto hidden w-full max-w-md sm:block lg:max-w-none">
      <div aria-hidden className="absolute -inset-4 -z-10 rounded-3xl bg-brand-100/60 blur-2xl" />
      <div className="overflow-hidden rounded-2xl bg-white shadow-xl ring-1 ring-slate-200">
        <div aria-hidden className="flex items-center gap-2 border-b border-slate-200 bg-slate-50 px-4 py-3">
          <span className="size-2.5 rounded-full bg-red-400" />
          <span className="size-2.5 rounded-full bg-amber-400" />
          <span className="size-2.5 rounded-full bg-emerald-400" />
          <span className="ml-2 truncate rounded-md bg-white px-3 py-1 text-xs text-slate-600 ring-1 ring-slate-200">
            jaipur-block-prints.{platformDomain}
          </span>
        </div>
        <img
          src="/landing/shop-home.webp"
          width={960}
          height={720}
          alt="The home page of Jaipur Block Prints, a demo shop on Haat: its banner, menu and bestsellers"
          className="block h-auto w-full"
        />
      </div>
      <figcaption className="mt-3 text-center text-sm text-slate-600">
        A shop made with Haat, as its customers see it
      </figcaption>
    </figure>
  );
}
