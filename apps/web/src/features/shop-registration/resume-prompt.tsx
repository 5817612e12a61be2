import { PlusCircle, RotateCcw } from 'lucide-react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import type { MyShop } from './wizard-api.ts';

/** Offered when the vendor already has a draft shop: carry on with it, or start another (vendors may own several). */
export function ResumePrompt({
  shop,
  onResume,
  onNew,
}: {
  shop: MyShop;
  onResume: () => void;
  onNew: () => void;
}) {
  return (
    <section
      aria-labelledby="resume-heading"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <h2 id="resume-heading" className="text-lg font-bold text-slate-900">
        You have a shop in progress
      </h2>
      <p className="mt-1 text-slate-600">
        <span className="font-semibold text-slate-900">{shop.store_name}</span> is still a draft. Carry on
        where you left off, or register another shop.
      </p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        <button type="button" className={buttonStyles.primary} onClick={onResume}>
          <RotateCcw aria-hidden className="size-4" />
          Continue registering {shop.store_name}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={onNew}>
          <PlusCircle aria-hidden className="size-4" />
          Register a new shop
        </button>
      </div>
    </section>
  );
}
