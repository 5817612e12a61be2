import type { PinPlace } from '@haat/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { findPinPlace, isPinCode } from './pin-code.ts';

export interface PinFields {
  pin: string;
  city: string;
  state: string;
}

export interface PinAutofill {
  /** Where the PIN code typed is, once the server answered. */
  place: PinPlace | null;
  looking: boolean;
  /** The directory does not list this PIN code. */
  unknown: boolean;
  /** The city or state the shopper typed is not where the PIN code is (they were left as typed). */
  differs: boolean;
  /** Takes the PIN code's city and state (the shopper chose them after seeing the difference). */
  apply: () => void;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * City and state from a 6-digit PIN code (issue 40), for every address form: when a full PIN code is typed, the
 * server says where it is, and the empty fields (or those this hook filled for an earlier PIN code) are filled.
 * What the shopper typed differently is never overwritten: `differs` is set, for the form to show it and offer
 * `apply`. `fill` receives only the fields to change.
 */
export function usePinAutofill(
  fields: PinFields,
  fill: (values: { city?: string; state?: string }) => void,
): PinAutofill {
  const [place, setPlace] = useState<PinPlace | null>(null);
  const [looking, setLooking] = useState(false);
  const [unknown, setUnknown] = useState(false);
  const latest = useRef({ fields, fill });
  latest.current = { fields, fill };
  /** What this hook last put in the fields: those values are still ours to replace. */
  const filled = useRef({ city: '', state: '' });

  const { pin } = fields;
  useEffect(() => {
    setPlace(null);
    setUnknown(false);
    if (!isPinCode(pin)) return;
    const ctl = new AbortController();
    setLooking(true);
    void findPinPlace(pin, ctl.signal).then((found) => {
      if (ctl.signal.aborted) return;
      setLooking(false);
      setUnknown(found === null);
      if (!found) return;
      setPlace(found);
      const { fields: now, fill: put } = latest.current;
      const ours = (field: 'city' | 'state') => !now[field].trim() || same(now[field], filled.current[field]);
      const values: { city?: string; state?: string } = {};
      if (ours('city')) values.city = found.city;
      if (ours('state')) values.state = found.state;
      filled.current = {
        city: values.city ?? filled.current.city,
        state: values.state ?? filled.current.state,
      };
      if (values.city !== undefined || values.state !== undefined) put(values);
    });
    return () => {
      ctl.abort();
      setLooking(false);
    };
  }, [pin]);

  const apply = useCallback(() => {
    if (!place) return;
    filled.current = { city: place.city, state: place.state };
    latest.current.fill({ city: place.city, state: place.state });
  }, [place]);

  const differs =
    !!place &&
    ((!!fields.city.trim() && !same(fields.city, place.city)) ||
      (!!fields.state && fields.state !== place.state));
  return { place, looking, unknown, differs, apply };
}
