// Kit: what an address form shows under its PIN code field while and after the PIN code is looked up.
import type { PinAutofill } from '../../lib/use-pin-autofill.ts';

/** The PIN code field's hint: where the PIN code is, that it is unknown, or that the city or state typed differ. */
export function PinHint({ autofill, fallback }: { autofill: PinAutofill; fallback?: string }) {
  const { place, looking, unknown, differs, apply } = autofill;
  const text = looking
    ? 'Finding your city and state…'
    : unknown
      ? "This PIN code is not in India Post's directory. Check it, or fill in the city and state."
      : place
        ? differs
          ? `PIN code ${place.pin} is in ${place.city}, ${place.state}.`
          : `${place.city}, ${place.state}`
        : (fallback ?? null);
  if (!text) return null;
  return (
    <span role="status" className={unknown || differs ? 'text-amber-800' : undefined}>
      {text}
      {place && differs ? (
        <>
          {' '}
          <button
            type="button"
            onClick={apply}
            className="font-semibold text-brand-700 underline hover:text-brand-800"
          >
            Use {place.city}, {place.state}
          </button>
        </>
      ) : null}
    </span>
  );
}
