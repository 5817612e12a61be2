/**
 * The one image upload: a file for a shop, multipart to POST /api/store/upload/ with the vendor's token (the
 * server reads the bytes and re-encodes the image) and the address it answers with. Logo, banner, product and receipt photos
 * all go through it; failures are announced as every call's are unless `silent`.
 */
import { sendWithProgress } from './raw-request.ts';

export type UploadKind = 'logo' | 'banner' | 'product' | 'receipt';

export async function uploadImage(
  file: File,
  o: {
    storeId: string;
    kind: UploadKind;
    token: string | null | undefined;
    /** Said when the server gives no reason. */
    errorMessage: string;
    /** No toast on failure: the caller shows the problem itself. */
    silent?: boolean;
    onProgress?: (fraction: number) => void;
  },
): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const q = new URLSearchParams({ store_id: o.storeId, kind: o.kind });
  const { url } = await sendWithProgress<{ url: string }>('POST', `/api/store/upload/?${q}`, form, {
    token: o.token,
    errorMessage: o.errorMessage,
    silent: o.silent,
    onProgress: o.onProgress,
  });
  return url;
}
