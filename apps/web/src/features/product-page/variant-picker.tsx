import type { ProductDetail, ShopperVariant } from '@haat/contracts';
import { variantOf } from './use-chosen-variant.ts';

/** Colour names a browser can paint (Blue, Maroon, #1e3a8a) get a swatch; other values a button with the text. */
const paintable = (value: string) =>
  typeof CSS !== 'undefined' && CSS.supports('color', value.toLowerCase().replace(/\s+/g, ''));
const isColour = (name: string) => /^colou?r$/i.test(name.trim());

/**
 * One row of buttons per option (sizes as buttons, colours as swatches). A value whose combination with the
 * other choices is sold out or not sold is struck through, and can still be chosen to see so.
 */
export function VariantPicker({
  product,
  chosen,
  onPick,
}: {
  product: ProductDetail;
  chosen: ShopperVariant | undefined;
  onPick: (index: number, value: string) => void;
}) {
  if (!product.options.length) return null;
  return (
    <div className="flex flex-col gap-4">
      {product.options.map((option, index) => {
        const current = chosen?.options[index];
        return (
          <fieldset key={option.name}>
            <legend className="mb-2 text-sm font-medium text-slate-700">
              {option.name}: <span className="font-semibold text-slate-900">{current ?? 'Choose'}</span>
            </legend>
            <div className="flex flex-wrap gap-2">
              {option.values.map((value) => {
                const values = product.options.map((_, i) => (i === index ? value : chosen?.options[i]));
                const v = variantOf(product, values);
                const soldOut = !v || v.stock_status === 'OUT_OF_STOCK';
                const selected = current === value;
                const swatch = isColour(option.name) && paintable(value);
                return (
                  <button
                    key={value}
                    type="button"
                    aria-pressed={selected}
                    aria-label={`${option.name} ${value}${soldOut ? ', sold out' : ''}`}
                    title={soldOut ? `${value}: sold out` : value}
                    onClick={() => onPick(index, value)}
                    className={`relative flex min-h-10 min-w-10 items-center justify-center gap-2 rounded-lg border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${
                      selected
                        ? 'border-brand-600 bg-brand-50 text-brand-800 ring-1 ring-brand-600'
                        : 'border-slate-300 bg-white text-slate-800 hover:border-slate-400'
                    } ${soldOut ? 'text-slate-400 line-through decoration-slate-400' : ''}`}
                  >
                    {swatch ? (
                      <span
                        aria-hidden
                        className="size-5 rounded-full border border-slate-300"
                        style={{ background: value.toLowerCase().replace(/\s+/g, '') }}
                      />
                    ) : null}
                    {value}
                  </button>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
