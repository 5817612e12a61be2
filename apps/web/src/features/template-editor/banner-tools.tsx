import type { BannerConfig } from '@haat/contracts';
import { ImageUp, Palette } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useSession } from '../../lib/session/session-context.tsx';
import { toast } from '../../lib/toast.ts';
import { errorText, IMAGE_TYPES, MAX_IMAGE_BYTES, uploadBannerImage } from './editor-api.ts';
import { PALETTE } from './palette.ts';
import type { SectionEditor } from './use-section-editor.ts';

type ColorKey = 'bgColorFrom' | 'bgColorTo' | 'textColorFrom' | 'textColorTo';

function Swatches({
  label,
  value,
  onPick,
}: {
  label: string;
  value: string;
  onPick: (color: string) => void;
}) {
  return (
    <fieldset>
      <legend className="text-xs font-medium text-slate-700">{label}</legend>
      <div className="mt-1 grid grid-cols-6 gap-1.5 sm:grid-cols-12">
        {PALETTE.map((c) => {
          const on = value.toLowerCase() === c;
          return (
            <button
              key={c}
              type="button"
              aria-label={`${label} ${c}`}
              aria-pressed={on}
              onClick={() => onPick(c)}
              className={`size-8 rounded-full ring-1 ring-slate-300 transition-transform hover:scale-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 sm:size-7 ${on ? 'outline-2 outline-offset-2 outline-brand-600' : ''}`}
              style={{ backgroundColor: c }}
            />
          );
        })}
      </div>
    </fieldset>
  );
}

/** The banner's own tools: change its image (uploaded as a file) and pick its two colour pairs. */
export function BannerTools({ storeId, editor }: { storeId: string; editor: SectionEditor<BannerConfig> }) {
  const { session } = useSession();
  const [busy, setBusy] = useState(false);
  const [colours, setColours] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const panelId = useId();
  const config = editor.config;

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file || !session) return;
    if (!IMAGE_TYPES.includes(file.type)) {
      toast.error('Choose a PNG, JPG or WebP image');
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      toast.error('The image must be 5 MB or smaller');
      return;
    }
    setBusy(true);
    try {
      const url = await uploadBannerImage(storeId, file, session.accessToken);
      editor.update((c) => ({ ...c, bannerImage: url }));
    } catch (err) {
      toast.error('The image was not uploaded', { description: errorText(err) });
    } finally {
      setBusy(false);
    }
  };

  const pick = (key: ColorKey) => (color: string) => editor.update((c) => ({ ...c, [key]: color }));

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <label
          className={`inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-brand-500 ${busy ? 'pointer-events-none opacity-60' : ''}`}
        >
          {busy ? <Spinner /> : <ImageUp aria-hidden className="size-4" />}
          {busy ? 'Uploading…' : 'Change image'}
          <input
            ref={input}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            className="sr-only"
            disabled={busy}
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </label>
        <button
          type="button"
          aria-expanded={colours}
          aria-controls={panelId}
          onClick={() => setColours((v) => !v)}
          className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          <Palette aria-hidden className="size-4" />
          Banner colours
        </button>
      </div>
      <p className="text-xs text-slate-500">PNG, JPG or WebP, up to 5 MB.</p>
      {colours ? (
        <div id={panelId} className="grid gap-3 rounded-xl bg-white p-3 ring-1 ring-slate-200 lg:grid-cols-2">
          <Swatches label="Background from" value={config.bgColorFrom} onPick={pick('bgColorFrom')} />
          <Swatches label="Background to" value={config.bgColorTo} onPick={pick('bgColorTo')} />
          <Swatches label="Text gradient from" value={config.textColorFrom} onPick={pick('textColorFrom')} />
          <Swatches label="Text gradient to" value={config.textColorTo} onPick={pick('textColorTo')} />
        </div>
      ) : null}
    </div>
  );
}
