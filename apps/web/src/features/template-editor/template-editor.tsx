import type { SectionName } from '@haat/contracts';
import { SECTION_NAMES } from '@haat/contracts/constants';
import { ArrowLeft, ArrowRight, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { Link } from '../../lib/router.tsx';
import { useMyShop, useOwnerHome, useThemeSections } from './editor-api.ts';
import { EditorCanvas, type Themes } from './editor-canvas.tsx';

export const editorPath = (storeId: string) => `/shopregistration/storetemplate/${storeId}`;

function Centered({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 px-6 text-center">
      {children}
    </main>
  );
}

/** The template editor (01 §2): the shop's home page, edited in place, then on to launch settings. */
export function TemplateEditor({ storeId }: { storeId: string }) {
  useDocumentTitle('Design your shop');
  const shop = useMyShop(storeId);
  const themes = useThemeSections(storeId);
  const home = useOwnerHome(shop.data?.slug);

  if (shop.isPending || themes.some((t) => t.isPending) || (home.isPending && home.fetchStatus !== 'idle')) {
    return (
      <Centered>
        <div role="status" className="flex items-center gap-2 text-slate-600">
          <Spinner className="size-5 text-brand-600" />
          Loading your shop's design..
        </div>
      </Centered>
    );
  }
  if (shop.isSuccess && !shop.data) {
    return (
      <Centered>
        <h1 className="text-2xl font-semibold text-slate-900">Shop not found</h1>
        <p className="text-slate-600">This shop does not exist or is not one of yours.</p>
        <Link to="/shopregistration" className={buttonStyles.primary}>
          Back to your shops
        </Link>
      </Centered>
    );
  }
  if (shop.isError || themes.some((t) => t.isError) || !shop.data) {
    return (
      <Centered>
        <h1 className="text-2xl font-semibold text-slate-900">We couldn't load your shop's design</h1>
        <button
          type="button"
          className={buttonStyles.primary}
          onClick={() => {
            void shop.refetch();
            for (const t of themes) if (t.isError) void t.refetch();
          }}
        >
          <RefreshCw aria-hidden className="size-4" />
          Try again
        </button>
      </Centered>
    );
  }

  const config = Object.fromEntries(
    SECTION_NAMES.map((name, i) => [name, themes[i]?.data?.config[name as SectionName]]),
  ) as unknown as Themes;
  const store = home.data?.store;
  const basics = {
    name: shop.data.store_name,
    category: store?.category?.name ?? null,
    description: store?.short_description || store?.description || null,
  };

  return (
    <div className="min-h-dvh bg-slate-200">
      <header className="sticky top-0 z-50 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
          <Link
            to="/shopregistration"
            aria-label="Back to your shops"
            className="rounded-lg p-2 text-slate-600 hover:bg-slate-100"
          >
            <ArrowLeft aria-hidden className="size-5" />
          </Link>
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-lg font-bold text-slate-900">Design {shop.data.store_name}</h1>
            <p className="hidden text-sm text-slate-600 sm:block">
              Click any text to edit it. Changes save as you go.
            </p>
          </div>
          <Link
            to={`${editorPath(storeId)}/launchsetting`}
            className={`${buttonStyles.primary} w-full sm:w-auto`}
          >
            Complete Registration
            <ArrowRight aria-hidden className="size-4" />
          </Link>
        </div>
      </header>
      {home.isError ? (
        <p role="alert" className="bg-amber-50 px-4 py-2 text-center text-sm text-amber-900">
          Your products could not be loaded, so the preview shows none. Your edits still save.
        </p>
      ) : null}
      <main className="mx-auto max-w-7xl bg-white shadow-sm">
        <EditorCanvas
          storeId={storeId}
          slug={shop.data.slug}
          themes={config}
          home={home.data}
          shop={basics}
        />
      </main>
    </div>
  );
}
