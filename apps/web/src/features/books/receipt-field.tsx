import { ImageUp, X } from 'lucide-react';
import { useId, useState } from 'react';
import { FieldError } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { useSession } from '../../lib/session/session-context.tsx';
import { uploadImage } from '../../lib/upload.ts';

/**
 * The expense's receipt photo, uploaded as product photos are (the one upload, kind "receipt": the server checks
 * and re-encodes it); the field holds the address the server gave.
 */
export function ReceiptField({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (url: string | null) => void;
  error?: string;
}) {
  const id = useId();
  const { shop } = useSelectedShop();
  const { session } = useSession();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const pick = async (file: File | undefined) => {
    if (!file || !shop) return;
    setBusy(true);
    setProblem(null);
    try {
      onChange(
        await uploadImage(file, {
          storeId: shop.id,
          kind: 'receipt',
          token: session?.accessToken,
          errorMessage: 'The receipt could not be uploaded',
          silent: true,
        }),
      );
    } catch (err) {
      setProblem(err instanceof Error ? err.message : 'The receipt could not be uploaded');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <p className="text-sm font-medium text-slate-800">Receipt image (optional)</p>
      {value ? (
        <div className="mt-1.5 flex items-center gap-3">
          <img src={value} alt="Receipt" className="h-20 w-16 rounded border border-slate-200 object-cover" />
          <button
            type="button"
            onClick={() => onChange(null)}
            className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm text-slate-700 hover:bg-slate-100"
          >
            <X aria-hidden className="size-4" />
            Remove receipt
          </button>
        </div>
      ) : (
        <label
          htmlFor={id}
          className="mt-1.5 flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 px-3 py-4 text-sm text-slate-600 hover:bg-slate-50"
        >
          {busy ? <Spinner /> : <ImageUp aria-hidden className="size-5" />}
          {busy ? 'Uploading…' : 'Add a photo of the bill (PNG, JPG or WebP)'}
        </label>
      )}
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        aria-label="Receipt image"
        className="sr-only"
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <FieldError id={`${id}-error`} error={problem ?? error} />
    </div>
  );
}
