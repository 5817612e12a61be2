import type { ProductOption } from '@haat/contracts';
import { Star, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import {
  chosenOptions,
  type ListingState,
  PRICE_DEFAULTS,
  priceRangeError,
  RATING_CHOICES,
  toggleOption,
} from './listing-params.ts';
import type { ShopCategory } from './use-listing.ts';

const fieldClass = (invalid = false) =>
  `w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 focus:outline-2 focus:outline-brand-500 ${
    invalid ? 'border-red-500' : 'border-slate-300'
  }`;

type Change = (patch: Partial<ListingState>) => void;

/** The price fields as typed, and their check: a range that cannot be sent is said here and nothing is asked. */
function usePriceFields(state: ListingState, onChange: Change) {
  const [min, setMin] = useState(String(state.min ?? PRICE_DEFAULTS.min));
  const [max, setMax] = useState(String(state.max ?? PRICE_DEFAULTS.max));
  const [typedError, setTypedError] = useState<string | null>(null);
  // Back/forward or Clear filters change the address: the fields follow.
  useEffect(() => setMin(String(state.min ?? PRICE_DEFAULTS.min)), [state.min]);
  useEffect(() => setMax(String(state.max ?? PRICE_DEFAULTS.max)), [state.max]);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const lo = min.trim() === '' ? PRICE_DEFAULTS.min : Number(min);
    const hi = max.trim() === '' ? PRICE_DEFAULTS.max : Number(max);
    const problem = priceRangeError(lo, hi);
    setTypedError(problem);
    if (problem) return;
    // Only a range the shopper changed is sent; the defaults mean "any price".
    onChange({
      min: Number.isFinite(lo) && lo !== PRICE_DEFAULTS.min ? lo : null,
      max: Number.isFinite(hi) && hi !== PRICE_DEFAULTS.max ? hi : null,
    });
  };
  const type = (set: (v: string) => void) => (v: string) => {
    set(v);
    setTypedError(null);
  };
  return { min, max, setMin: type(setMin), setMax: type(setMax), typedError, apply };
}

/** On a phone the drawer covers the page: Escape closes it and the page behind it must not scroll. */
function useDrawer(open: boolean, onClose: () => void) {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [open, onClose]);
}

function PriceForm({ price, error }: { price: ReturnType<typeof usePriceFields>; error: string | null }) {
  const id = useId();
  const errorId = `${id}-price-error`;
  const field = (label: string, value: string, set: (v: string) => void) => (
    <label className="text-xs text-slate-600">
      {label}
      <input
        type="number"
        inputMode="numeric"
        min={0}
        value={value}
        onChange={(e) => set(e.target.value)}
        aria-invalid={!!error}
        aria-describedby={error ? errorId : undefined}
        className={`mt-1 ${fieldClass(!!error)}`}
      />
    </label>
  );
  return (
    <form onSubmit={price.apply} aria-labelledby={`${id}-price`} noValidate>
      <h3 id={`${id}-price`} className="mb-2 text-sm font-semibold text-slate-900">
        Price range (₹)
      </h3>
      <div className="grid grid-cols-2 gap-2">
        {field('Minimum price', price.min, price.setMin)}
        {field('Maximum price', price.max, price.setMax)}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <button type="submit" className={`${buttonStyles.secondary} mt-3 w-full py-2`}>
        Apply price
      </button>
    </form>
  );
}

function RatingFilter({ rating, onChange }: { rating: number; onChange: Change }) {
  const id = useId();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-slate-900">Customer rating</legend>
      <div className="flex flex-col gap-1">
        {[0, ...RATING_CHOICES].map((r) => (
          <label key={r} className="flex cursor-pointer items-center gap-2 rounded px-1 py-1 text-sm">
            <input
              type="radio"
              name={`${id}-rating`}
              checked={rating === r}
              onChange={() => onChange({ rating: r })}
              className="size-4 accent-brand-600"
            />
            {r ? (
              <span className="inline-flex items-center gap-1">
                {r}
                <Star aria-hidden className="size-3.5 fill-amber-400 text-amber-400" />
                <span className="sr-only">stars</span> &amp; up
              </span>
            ) : (
              'Any rating'
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function OptionFilter({ o, chosen, onChange }: { o: ProductOption; chosen: string; onChange: Change }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-slate-900">{o.name}</legend>
      <div className="flex flex-wrap gap-2">
        {o.values.map((v) => {
          const on = chosenOptions(chosen).get(o.name) === v;
          return (
            <button
              key={v}
              type="button"
              aria-pressed={on}
              aria-label={`${o.name} ${v}`}
              onClick={() => onChange({ option: toggleOption(chosen, o.name, v) })}
              className={`min-h-9 min-w-9 rounded-lg border px-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-500 ${
                on
                  ? 'border-brand-600 bg-brand-50 text-brand-800 ring-1 ring-brand-600'
                  : 'border-slate-300 bg-white text-slate-800 hover:border-slate-400'
              }`}
            >
              {v}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

function CategoryFilter({
  categories,
  category,
  onChange,
}: {
  categories: ShopCategory[] | undefined;
  category: string;
  onChange: Change;
}) {
  const id = useId();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-slate-900">Categories</legend>
      <div className="flex flex-col gap-1">
        {[{ id: '', name: 'All' }, ...(categories ?? [])].map((c) => (
          <label key={c.id} className="flex cursor-pointer items-center gap-2 rounded px-1 py-1 text-sm">
            <input
              type="radio"
              name={`${id}-category`}
              checked={category === c.id}
              onChange={() => onChange({ category: c.id })}
              className="size-4 accent-brand-600"
            />
            {c.name}
          </label>
        ))}
        {!categories ? <p className="text-xs text-slate-500">Loading categories..</p> : null}
      </div>
    </fieldset>
  );
}

/**
 * The listing's filters: price range, minimum rating, options and category. On a phone it is a full-screen
 * drawer (opened from the Filters button); from lg up it is the sidebar. One copy in the page either way.
 */
export function FilterPanel({
  state,
  categories,
  options = [],
  priceError: addressError,
  open,
  onClose,
  onChange,
}: {
  state: ListingState;
  categories: ShopCategory[] | undefined;
  /** The sizes, colours and packs the shop's products come in. */
  options?: ProductOption[];
  /** What is wrong with the address's price range (checked before any request), shown next to the fields. */
  priceError: string | null;
  open: boolean;
  onClose: () => void;
  onChange: Change;
}) {
  const price = usePriceFields(state, onChange);
  useDrawer(open, onClose);
  return (
    <aside
      aria-label="Filters"
      className={`${
        open ? 'fixed inset-0 z-50 block overflow-y-auto bg-white p-4 pt-6' : 'hidden'
      } lg:static lg:z-auto lg:block lg:overflow-visible lg:p-0`}
    >
      <div className="mb-4 flex items-center justify-between lg:hidden">
        <h2 className="text-lg font-bold text-slate-900">Filters</h2>
        <button type="button" onClick={onClose} className={buttonStyles.ghost} aria-label="Close filters">
          <X aria-hidden className="size-5" />
        </button>
      </div>
      <div className="flex flex-col gap-6">
        <PriceForm price={price} error={price.typedError ?? addressError} />
        <RatingFilter rating={state.rating} onChange={onChange} />
        {options.map((o) => (
          <OptionFilter key={o.name} o={o} chosen={state.option} onChange={onChange} />
        ))}
        <CategoryFilter categories={categories} category={state.category} onChange={onChange} />
        <button type="button" onClick={onClose} className={`${buttonStyles.primary} lg:hidden`}>
          Show results
        </button>
      </div>
    </aside>
  );
}
