import type { PinPlace } from '@haat/contracts';
import { PIN_CODE_PATTERN } from '@haat/contracts/indian-states';
import { ApiError, queryApi } from './api.ts';
import { readStored, writeStored } from './stored-value.ts';

/** The PIN code the shopper last checked delivery for or typed in an address, reused by the next address form. */
const REMEMBERED_PIN = 'haat.pin';

export const isPinCode = (pin: string) => PIN_CODE_PATTERN.test(pin);

export const rememberedPin = () => {
  const pin = readStored(REMEMBERED_PIN);
  return pin && isPinCode(pin) ? pin : null;
};

export const rememberPin = (pin: string) => {
  if (isPinCode(pin)) writeStored(REMEMBERED_PIN, pin);
};

/**
 * Where a PIN code is, asked of the server (which holds India Post's directory; the browser never downloads it):
 * the place, null for a PIN code the directory does not list, undefined when the server could not be asked.
 */
export async function findPinPlace(pin: string, signal?: AbortSignal): Promise<PinPlace | null | undefined> {
  try {
    return await queryApi<PinPlace>(`/api/store/pincode/${pin}/`, { silent: true, signal });
  } catch (e) {
    return e instanceof ApiError && e.status === 404 ? null : undefined;
  }
}
