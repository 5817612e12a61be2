import { storeAddressBody, storeDetailsBody } from '@haat/contracts';
import { ApiError } from '../../lib/api.ts';
import type { FieldErrors } from '../../lib/form-errors.ts';
import { domainReady } from './domain-step.tsx';
import { uploadLogo, wizardApi } from './wizard-api.ts';
import { check, serverErrors } from './wizard-errors.ts';
import { addressBody, detailsBody, type WizardData } from './wizard-state.ts';

export interface SaveContext {
  step: number;
  storeId: string | null;
  data: WizardData;
  logo: File | null;
  token: string;
}
/** The result of one Continue: advance (with what the server answered), or stay with messages to show. */
export type SaveResult =
  | { ok: true; storeId: string; data: WizardData }
  | { ok: false; errors: FieldErrors; storeId?: string; data?: WizardData };

const failed = (err: unknown): SaveResult => ({ ok: false, errors: serverErrors(err) });

/** Saves the current step to the server (01 §4: each Continue creates or saves; the shop is made in step 1). */
export async function saveStep({ step, storeId, data, logo, token }: SaveContext): Promise<SaveResult> {
  if (step === 1) return saveDetails(storeId, data, logo, token);
  if (!storeId) return { ok: false, errors: {} };
  try {
    if (step === 2) {
      const parsed = check(storeAddressBody.safeParse(addressBody(storeId, data.address)));
      if (!parsed.data) return { ok: false, errors: parsed.errors };
      await wizardApi.saveAddress(parsed.data);
    } else if (step === 3) {
      await wizardApi.savePlan(storeId, data.plan);
    } else if (step === 4 && data.plan === 'professional') {
      if (!domainReady(data.plan, data.domain)) return { ok: false, errors: {} };
      const saved = await wizardApi.saveDomain(storeId, data.domain.name, 'subdomain');
      // The subdomain becomes the shop's slug.
      return {
        ok: true,
        storeId,
        data: {
          ...data,
          slug: saved.domain_name,
          domain: {
            ...data.domain,
            saved: { name: saved.domain_name, type: 'subdomain', dns: null, verified: saved.verified },
          },
        },
      };
    } else if (step === 4 && !domainReady(data.plan, data.domain)) {
      return { ok: false, errors: { domain_name: 'Save your domain first' } };
    }
    return { ok: true, storeId, data };
  } catch (err) {
    const result = failed(err);
    if (step === 4 && err instanceof ApiError && err.status === 409)
      return { ...result, data: { ...data, domain: { ...data.domain, status: 'unavailable' } } };
    return result;
  }
}

async function saveDetails(storeId: string | null, data: WizardData, logo: File | null, token: string) {
  const parsed = check(storeDetailsBody.safeParse(detailsBody(data.details)));
  if (!parsed.data) return { ok: false, errors: parsed.errors } satisfies SaveResult;
  let id = storeId;
  let next = data;
  try {
    if (!id) {
      const created = await wizardApi.createShop(parsed.data);
      id = created.id;
      next = { ...next, slug: created.slug };
    }
    if (!logo && !storeId) return { ok: true, storeId: id, data: next } satisfies SaveResult;
    const image = logo ? await uploadLogo(id, logo, token) : next.details.image;
    next = { ...next, details: { ...next.details, image } };
    const saved = await wizardApi.updateShop(id, { ...parsed.data, image });
    return { ok: true, storeId: id, data: { ...next, slug: saved.slug } } satisfies SaveResult;
  } catch (err) {
    // The shop may exist already (a failed logo upload): keep its id so the next try edits it.
    return {
      ok: false,
      errors: serverErrors(err),
      storeId: id ?? undefined,
      data: next,
    } satisfies SaveResult;
  }
}
