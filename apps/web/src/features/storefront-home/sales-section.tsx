import type { DealItem, SalesConfig } from '@haat/contracts';
import { formatDateTime } from '../../lib/format.ts';
import { Countdown } from './countdown.tsx';
import { DEAL_CELL, DEAL_GRID, DealCard } from './deal-card.tsx';
import { NotifyMeButton } from './notify-me.tsx';
import { SectionHeading } from './section-heading.tsx';
import { type EditHook, safeColor, textOf, textStyle } from './text-style.ts';

/**
 * The upcoming-sale block: a days-to-seconds countdown to the first sale's start and the items going on
 * sale, each with the theme's Notify Me button (one email when that sale starts; see notify-me.tsx).
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
  // Each item's button: the theme's card button text, else the section's.
  const cardButton = config.product_cart?.button;
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
                action={
                  <NotifyMeButton
                    sale={s}
                    label={textOf(cardButton ?? config.button, 'Notify Me')}
                    labelStyle={textStyle(cardButton ?? config.button)}
                    edit={edit?.(cardButton ? 'product_cart.button' : 'button', 'Notify Me button')}
                  />
                }
                style={cardBg ? { backgroundColor: cardBg } : undefined}
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
