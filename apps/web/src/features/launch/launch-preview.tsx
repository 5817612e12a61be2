import { Check, Copy, ExternalLink, Monitor, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast.ts';

/** The real storefront in a frame, at desktop or phone width, with the shop's address and a Copy button. */
export function LaunchPreview({ src, address, name }: { src: string; address: string; name: string }) {
  const [mode, setMode] = useState<'desktop' | 'mobile'>('desktop');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      setCopied(true);
      toast.success('Copied');
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error('Could not copy. Select the address and copy it yourself.');
    }
  };
  const tab = (m: typeof mode) =>
    `inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-semibold ${mode === m ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`;
  return (
    <section aria-labelledby="preview-heading" className="min-w-0 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="preview-heading" className="text-lg font-bold text-slate-900">
          Preview
        </h2>
        <fieldset className="inline-flex rounded-lg bg-slate-100 p-1">
          <legend className="sr-only">Preview size</legend>
          <button
            type="button"
            aria-pressed={mode === 'desktop'}
            onClick={() => setMode('desktop')}
            className={tab('desktop')}
          >
            <Monitor aria-hidden className="size-4" /> Desktop
          </button>
          <button
            type="button"
            aria-pressed={mode === 'mobile'}
            onClick={() => setMode('mobile')}
            className={tab('mobile')}
          >
            <Smartphone aria-hidden className="size-4" /> Mobile
          </button>
        </fieldset>
      </div>
      <div className="flex justify-center rounded-xl bg-slate-100 p-2 ring-1 ring-slate-200 sm:p-4">
        <iframe
          title={`Preview of ${name}`}
          src={src}
          className={`h-[70dvh] max-h-[720px] min-h-[420px] rounded-lg border border-slate-300 bg-white ${mode === 'mobile' ? 'w-[375px] max-w-full' : 'w-full'}`}
        />
      </div>
      <div>
        <label htmlFor="store-url" className="block text-sm font-medium text-slate-700">
          Store URL
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id="store-url"
            readOnly
            value={address}
            onFocus={(e) => e.target.select()}
            className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-800"
          />
          <button
            type="button"
            onClick={() => void copy()}
            className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            {copied ? (
              <Check aria-hidden className="size-4 text-green-600" />
            ) : (
              <Copy aria-hidden className="size-4" />
            )}
            Copy
          </button>
        </div>
      </div>
      <a
        href={src}
        target="_blank"
        rel="noopener"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        Open the preview in a new tab
        <ExternalLink aria-hidden className="size-4" />
      </a>
    </section>
  );
}
