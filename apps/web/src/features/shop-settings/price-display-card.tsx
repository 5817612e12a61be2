import { PRICE_DISPLAYS } from '@haat/contracts';
import { useId, useState } from 'react';
import { formatINR } from '../../lib/format.ts';
import { useQueryClient } from '../../lib/query.ts';
import { toast } from '../../lib/toast.ts';
import { settingsApi, settingsKeys, useShopSettings } from './settings-api.ts';
import { CardState, SettingsCard } from './settings-ui.tsx';

type Display = (typeof PRICE_DISPLAYS)[number];
const CHOICES: Record<Display, { label: string; example: string }> = {
  RANGE: { label: 'Show the price range', example: `${formatINR(499)} – ${formatINR(649)}` },
  FROM: { label: 'Show the lowest price', example: `From ${formatINR(499)}` },
};

/**
 * How product cards show a product whose sizes or packs cost different amounts. Saved as soon as it is chosen
 * (one choice, nothing to fill in).
 */
export function PriceDisplayCard({ slug }: { slug: string }) {
  const id = useId();
  const settings = useShopSettings(slug);
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState<Display | null>(null);
  const current = settings.data?.price_display;

  const choose = async (display: Display) => {
    if (display === current) return;
    setSaving(display);
    try {
      const saved = await settingsApi.saveSettings(slug, { price_display: display });
      queryClient.setQueryData(settingsKeys.settings(slug), saved);
      toast.success('Price display saved', { description: CHOICES[display].example });
    } catch {
      toast.error('Could not save the price display. Please try again.');
    } finally {
      setSaving(null);
    }
  };

  return (
    <SettingsCard
      id="price-display"
      title="Prices of products with variants"
      description="When a product's sizes or packs cost different amounts, its card in your shop shows:"
    >
      {settings.data ? (
        <fieldset aria-busy={saving ? true : undefined}>
          <legend className="sr-only">Prices of products with variants</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {PRICE_DISPLAYS.map((d) => (
              <label
                key={d}
                className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-checked:border-brand-600 has-checked:bg-brand-50"
              >
                <input
                  type="radio"
                  name={`${id}-display`}
                  value={d}
                  checked={(saving ?? current) === d}
                  disabled={!!saving}
                  onChange={() => void choose(d)}
                  className="mt-0.5 size-4 accent-brand-600"
                />
                <span>
                  <span className="block text-sm font-medium text-slate-900">{CHOICES[d].label}</span>
                  <span className="block text-sm text-slate-600">{CHOICES[d].example}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        <CardState
          loading={settings.isPending}
          error={settings.isError}
          onRetry={() => void settings.refetch()}
        />
      )}
    </SettingsCard>
  );
}
