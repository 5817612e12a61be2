import type { DealItem, SalesConfig } from '@haat/contracts';
import { formatDateTime } from '../../lib/format.ts';
import { Countdown } from './countdown.tsx';
import { DEAL_CELL, DEAL_GRID, DealCard } from './deal-card.tsx';
import { SectionHeading } from './section-heading.tsx';
import { type EditHook, safeColor, textOf, textStyle } from './text-style.ts';

/**
 * The upcoming-sale block: a days-to-seconds countdown to the first sale's start and the items going on
 * sale. The theme's "Notify Me" button is left out on purpose until sale reminders exist: a button that
 * only pretends to subscribe would mislead shoppers.
 */
export function SalesSection({
  config,
  sales,
  base,
  edit,
}: {
  config: SalesConfig;
  sales: DealItem[];
  base: string;
  edit?: EditHook;
}) {
  const first = sales[0];
  if (!first) return null;
  const cardBg = safeColor(config.product_cart?.backgroundColor);
  return (
    <section
      aria-labelledby="sales-heading"
      className="scroll-mt-20 border-t border-slate-200 bg-white py-12 sm:py-16"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="sales-heading"
          heading={config.mainHeading}
          subHeading={config.subHeading}
          fallback="Upcoming Sale"
          edit={edit}
        />
        <div className="mt-6">
          <Countdown
            target={first.deal.start_time}
            label={textOf(config.timerHeading, 'Sale starts in')}
            labelStyle={textStyle(config.timerHeading)}
            labelEdit={edit?.('timerHeading', 'Timer heading')}
            accent={config.parentStyleColor}
            withDays
          />
        </div>
        <ul className={DEAL_GRID}>
          {sales.map((s) => (
            <li key={s.id} className={DEAL_CELL}>
              <DealCard
                item={s}
                base={base}
                note={`Sale starts ${formatDateTime(s.deal.start_time)} IST`}
                style={cardBg ? { backgroundColor: cardBg } : undefined}
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
