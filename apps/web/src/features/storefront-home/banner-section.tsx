import type { BannerConfig } from '@haat/contracts';
import { ArrowRight } from 'lucide-react';
import { paths } from '../../app/paths.ts';
import { Link } from '../../lib/router.tsx';
import { type EditHook, gradient, safeColor, textOf, textStyle } from './text-style.ts';

/** The shop's hero: heading with a gradient-highlighted phrase, description, two calls to action, image. */
export function BannerSection({
  config,
  base,
  storeName,
  edit,
  hasDeals = true,
}: {
  config: BannerConfig;
  base: string;
  storeName: string;
  edit?: EditHook;
  /** No deal running: no "View Deals" button pointing at a section that is not there (the editor shows it). */
  hasDeals?: boolean;
}) {
  const background = gradient(config.bgColorFrom, config.bgColorTo, 'to bottom right');
  const highlight = gradient(config.textColorFrom, config.textColorTo);
  const heading = textOf(config.mainHeading, storeName);
  const highlighted = textOf(config.highlightedText);
  const description = textOf(config.description);
  const primary = config.primaryButtonText;
  const secondary = config.secondaryButtonText;
  return (
    <section
      aria-label="Welcome"
      className="bg-gradient-to-br from-brand-50 to-white"
      style={background ? { backgroundImage: background } : undefined}
    >
      <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-10 sm:px-6 md:grid-cols-2 md:py-16 lg:px-8 lg:py-20">
        <div className="text-center md:text-left">
          <h1
            {...edit?.('mainHeading', 'Heading')}
            className="text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-4xl lg:text-5xl"
            style={textStyle(config.mainHeading)}
          >
            {heading}
            {highlighted ? (
              <>
                {' '}
                <span
                  {...edit?.('highlightedText', 'Highlighted text')}
                  className="mt-1 block bg-clip-text text-brand-600"
                  style={{
                    ...textStyle(config.highlightedText, { color: !highlight }),
                    ...(highlight
                      ? {
                          backgroundImage: highlight,
                          color: 'transparent',
                          WebkitTextFillColor: 'transparent',
                        }
                      : {}),
                  }}
                >
                  {highlighted}
                </span>
              </>
            ) : null}
          </h1>
          {description ? (
            <p
              {...edit?.('description', 'Description')}
              className="mx-auto mt-4 max-w-xl text-base text-pretty text-slate-700 sm:text-lg md:mx-0"
              style={textStyle(config.description)}
            >
              {description}
            </p>
          ) : null}
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center md:justify-start">
            <Link
              {...edit?.('primaryButtonText', 'First button')}
              to={paths.shop.products(base)}
              className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-6 py-3 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
              style={textStyle(primary)}
            >
              {textOf(primary, 'Shop Now')}
              <ArrowRight aria-hidden className="size-4" />
            </Link>
            {hasDeals ? (
              <a
                {...edit?.('secondaryButtonText', 'Second button')}
                href="#deals"
                className="inline-flex items-center justify-center rounded-lg border-2 border-current px-6 py-3 text-sm font-semibold text-slate-800 transition-colors hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
                style={textStyle(secondary)}
              >
                {textOf(secondary, 'View Deals')}
              </a>
            ) : null}
          </div>
        </div>
        {config.bannerImage ? (
          <img
            src={config.bannerImage}
            alt=""
            fetchPriority="high"
            decoding="async"
            width={1600}
            height={700}
            className="mx-auto h-auto w-full max-w-2xl rounded-2xl shadow-lg"
            style={{ backgroundColor: safeColor(config.bgColorTo) }}
          />
        ) : null}
      </div>
    </section>
  );
}
