import type { DealItem, DealsConfig } from '@haat/contracts';
import { Countdown } from './countdown.tsx';
import { DEAL_CELL, DEAL_GRID, DealCard } from './deal-card.tsx';
import { SectionHeading } from './section-heading.tsx';
import { type EditHook, safeColor, textOf, textStyle } from './text-style.ts';

/**
 * Today's deals: a countdown to the first deal's end and three columns of deal cards (one on a phone).
 * The section keeps its `#deals` anchor even when nothing is on offer, so header links still land. The
 * theme's `parentStyleColor` is an accent (the countdown), not the section background: the demo themes pair
 * it with dark headings, which would be unreadable on it.
 */
export function DealsSection({
  config,
  deals,
  base,
  edit,
}: {
  config: DealsConfig;
  deals: DealItem[];
  base: string;
  edit?: EditHook;
}) {
  const cardBg = safeColor(config.product_cart?.backgroundColor);
  return (
    <section id="deals" aria-labelledby="deals-heading" className="scroll-mt-20 bg-slate-50 py-12 sm:py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="deals-heading"
          heading={config.mainHeading}
          subHeading={config.subHeading}
          fallback="Today's Deals"
          edit={edit}
        />
        {deals.length ? (
          <>
            <div className="mt-6">
              <Countdown
                target={deals[0]?.deal.end_time}
                label={textOf(config.timerHeading, 'Deal ends in')}
                labelStyle={textStyle(config.timerHeading)}
                labelEdit={edit?.('timerHeading', 'Timer heading')}
                accent={config.parentStyleColor}
              />
            </div>
            <ul className={DEAL_GRID}>
              {deals.map((d) => (
                <li key={d.id} className={DEAL_CELL}>
                  <DealCard item={d} base={base} style={cardBg ? { backgroundColor: cardBg } : undefined} />
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="mt-8 text-center text-slate-600">No deals running right now. Check back soon!</p>
        )}
      </div>
    </section>
  );
}
