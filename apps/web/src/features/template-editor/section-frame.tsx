import { Check, RotateCcw, Sparkles, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { SectionEditor } from './use-section-editor.ts';

const small =
  'inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

function SaveStatus({ editor }: { editor: SectionEditor<unknown> }) {
  const s = editor.save;
  if (s.kind === 'saving')
    return (
      <span role="status" className="inline-flex items-center gap-1.5 text-sm text-slate-600">
        <Spinner /> Saving…
      </span>
    );
  if (s.kind === 'saved')
    return (
      <span role="status" className="inline-flex items-center gap-1 text-sm text-green-700">
        <Check aria-hidden className="size-4" /> Saved
      </span>
    );
  if (s.kind === 'error')
    return (
      <span role="alert" className="inline-flex flex-wrap items-center gap-2 text-sm text-red-700">
        <TriangleAlert aria-hidden className="size-4" />
        Not saved: {s.message}
        <button
          type="button"
          onClick={editor.retry}
          className={`${small} bg-red-600 text-white hover:bg-red-700`}
        >
          <RotateCcw aria-hidden className="size-4" />
          Retry save
        </button>
      </span>
    );
  return null;
}

/**
 * One section of the page in the editor: a bar naming it with its save state, a Generate action and,
 * while generated texts are not yet confirmed, a clear draft label with Save draft or Discard.
 */
export function SectionFrame({
  title,
  editor,
  onGenerate,
  tools,
  hint,
  children,
}: {
  title: string;
  editor: SectionEditor<unknown>;
  onGenerate: () => void;
  tools?: ReactNode;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-label={`${title} section`} className="border-b-4 border-slate-200">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 bg-slate-100 px-4 py-2 sm:px-6">
        <h2 className="text-sm font-bold tracking-wide text-slate-700 uppercase">{title}</h2>
        <SaveStatus editor={editor} />
        <button
          type="button"
          onClick={onGenerate}
          aria-label={`Generate ${title.toLowerCase()} texts`}
          className={`${small} ml-auto border border-brand-300 bg-white text-brand-700 hover:bg-brand-50`}
        >
          <Sparkles aria-hidden className="size-4" />
          Generate
        </button>
      </div>
      {editor.draft ? (
        <div className="flex flex-wrap items-center gap-2 bg-amber-50 px-4 py-2 text-sm text-amber-900 ring-1 ring-amber-200 sm:px-6">
          <Sparkles aria-hidden className="size-4" />
          <strong>Draft — edit before you publish.</strong>
          <span className="text-amber-800">Generated from your shop's details; not saved yet.</span>
          <span className="ml-auto flex gap-2">
            <button
              type="button"
              onClick={editor.discard}
              className={`${small} bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50`}
            >
              Discard
            </button>
            <button
              type="button"
              onClick={() => editor.apply(editor.config)}
              className={`${small} bg-brand-700 text-white hover:bg-brand-800`}
            >
              Save draft
            </button>
          </span>
        </div>
      ) : null}
      {tools ? <div className="bg-slate-50 px-4 py-3 sm:px-6">{tools}</div> : null}
      {hint ? <p className="bg-brand-50 px-4 py-2 text-sm text-brand-900 sm:px-6">{hint}</p> : null}
      {children}
    </section>
  );
}
