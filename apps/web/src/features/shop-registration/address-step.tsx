import { COUNTRIES } from '@haat/contracts';
import { INDIAN_STATES } from '@haat/contracts/indian-states';
import { Crosshair } from 'lucide-react';
import { useCallback, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { SelectField, TextField } from '../../components/ui/fields.tsx';
import { PinHint } from '../../components/ui/pin-hint.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { queryApi } from '../../lib/api.ts';
import type { FieldErrors } from '../../lib/form-errors.ts';
import { usePinAutofill } from '../../lib/use-pin-autofill.ts';
import { useGeolocation } from './use-geolocation.ts';
import { StepCard } from './wizard-fields.tsx';
import type { Address, Country } from './wizard-state.ts';

interface Place {
  city: string | null;
  state: string | null;
  country: string | null;
  postal_code: string | null;
}

/** Step 2: where the shop is. "Use my location" fills the coordinates, then the empty address fields through the server's geocoder. */
export function AddressStep({
  value,
  onChange,
  errors,
}: {
  value: Address;
  onChange: (patch: Partial<Address> | ((a: Address) => Partial<Address>)) => void;
  errors: FieldErrors;
}) {
  const { location, locate, lookup } = useLocateAndLookup(onChange);
  const india = value.country === 'India';
  // An Indian PIN code fills the city and state from India Post's directory (issue 40).
  const pin = { pin: india ? value.postal_code : '', city: value.city, state: value.state };
  const autofill = usePinAutofill(pin, onChange);
  const text = (name: keyof Address) => ({
    value: value[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => onChange({ [name]: e.target.value }),
  });

  return (
    <StepCard title="Address" intro="Where customers and couriers can find your shop.">
      <TextField
        label="Address line 1"
        autoComplete="address-line1"
        maxLength={200}
        {...text('address_line_1')}
      />
      <TextField
        label="Address line 2 (optional)"
        autoComplete="address-line2"
        maxLength={200}
        {...text('address_line_2')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="City" autoComplete="address-level2" maxLength={80} {...text('city')} />
        {india ? (
          <SelectField label="State" {...text('state')}>
            <option value="">Choose a state</option>
            {INDIAN_STATES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </SelectField>
        ) : (
          <TextField label="State" autoComplete="address-level1" maxLength={80} {...text('state')} />
        )}
        <SelectField
          label="Country"
          value={value.country}
          error={errors.country}
          onChange={(e) => {
            const country = e.target.value as Country;
            // A state chosen from India's list means nothing elsewhere (and the other way round).
            onChange({ country, state: (country === 'India') === india ? value.state : '' });
          }}
        >
          {COUNTRIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </SelectField>
        <TextField
          label="Postal code"
          autoComplete="postal-code"
          inputMode={india ? 'numeric' : 'text'}
          maxLength={india ? 6 : 12}
          placeholder={india ? '6-digit PIN code' : undefined}
          {...text('postal_code')}
          hint={india ? <PinHint autofill={autofill} /> : undefined}
          onChange={(e) =>
            onChange({ postal_code: india ? e.target.value.replace(/\D/g, '').slice(0, 6) : e.target.value })
          }
        />
        <TextField label="Latitude" type="number" step="any" inputMode="decimal" {...text('latitude')} />
        <TextField label="Longitude" type="number" step="any" inputMode="decimal" {...text('longitude')} />
      </div>
      <LocateMe location={location} locate={locate} lookup={lookup} />
    </StepCard>
  );
}

type Lookup = { status: 'idle' | 'done' | 'error'; message?: string };

/** "Use my location": the coordinates, then the empty address fields from the server's geocoder. */
function useLocateAndLookup(onChange: (patch: (a: Address) => Partial<Address>) => void) {
  const [lookup, setLookup] = useState<Lookup>({
    status: 'idle',
  });
  const fill = useCallback(
    (lat: number, lng: number) => {
      onChange((a) => ({
        latitude: a.latitude.trim() ? a.latitude : lat.toFixed(6),
        longitude: a.longitude.trim() ? a.longitude : lng.toFixed(6),
      }));
      // The server asks the configured geocoder; only empty fields are filled.
      queryApi<Place>('/api/store/geocode/reverse/', {
        query: { latitude: lat, longitude: lng },
        silent: true,
      })
        .then((p) => {
          onChange((a) => ({
            city: a.city.trim() ? a.city : (p.city ?? ''),
            state: a.state.trim() ? a.state : (p.state ?? ''),
            postal_code: a.postal_code.trim() ? a.postal_code : (p.postal_code ?? ''),
          }));
          setLookup({ status: 'done' });
        })
        .catch((err: Error) => setLookup({ status: 'error', message: err.message }));
    },
    [onChange],
  );
  const { state: location, locate } = useGeolocation(fill);
  return { location, locate, lookup };
}

function LocateMe({
  location,
  locate,
  lookup,
}: {
  location: ReturnType<typeof useGeolocation>['state'];
  locate: () => void;
  lookup: Lookup;
}) {
  return (
    <div className="space-y-2">
      <button
        type="button"
        className={buttonStyles.secondary}
        onClick={locate}
        disabled={location.status === 'loading'}
        aria-busy={location.status === 'loading'}
      >
        {location.status === 'loading' ? <Spinner /> : <Crosshair aria-hidden className="size-4" />}
        {location.status === 'loading' ? 'Finding you...' : 'Use my location'}
      </button>
      <div aria-live="polite" className="text-sm">
        {location.status === 'done' && lookup.status === 'done' ? (
          <p className="text-green-700">We filled the empty fields from your location. Please check them.</p>
        ) : null}
        {location.status === 'done' && lookup.status === 'error' ? (
          <p className="text-amber-700">We filled your coordinates. {lookup.message}</p>
        ) : null}
        {location.status === 'error' ? (
          <p role="alert" className="text-red-600">
            {location.message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
