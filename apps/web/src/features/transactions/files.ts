import type { ErrorEnvelope } from '@haat/contracts';
import { ApiError, announceFailure } from '../../lib/api.ts';

interface Auth {
  token: string | null | undefined;
  slug: string;
}

/**
 * Fetches a back-office file (PDF, CSV) with the vendor's token and saves it under `name`; failures are announced
 * the way every call's are.
 */
export async function downloadAdminFile(url: string, name: string, auth: Auth, errorMessage: string) {
  const headers: Record<string, string> = { 'store-origin': auth.slug };
  if (auth.token) headers.authorization = `Bearer ${auth.token}`;
  let res: Response;
  try {
    res = await fetch(url, { headers });
  } catch {
    announceFailure(0, undefined);
    throw new ApiError(0, 'Network error');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as ErrorEnvelope | null;
    announceFailure(res.status, body?.message, errorMessage);
    throw new ApiError(res.status, body?.message ?? errorMessage);
  }
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
