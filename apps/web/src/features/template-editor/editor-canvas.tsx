import type {
  BannerConfig,
  DealsConfig,
  FeaturedConfig,
  FilterConfig,
  FooterConfig,
  SalesConfig,
  StoreHome,
} from '@haat/contracts';
import { legibleBanner, legibleDeals, legibleFeatured } from '@haat/contracts/legible';
import { type MouseEvent, useCallback, useRef, useState } from 'react';
import {
  BannerSection,
  DealsSection,
  FeaturedSection,
  FooterSection,
  SalesSection,
  SectionHeading,
} from '../storefront-home/index.ts';
import { BannerTools } from './banner-tools.tsx';
import { makeEditHook } from './edit-hook.ts';
import { FilterPreview } from './filter-preview.tsx';
import { generateTexts, type ShopBasics } from './generate.ts';
import { SectionFrame } from './section-frame.tsx';
import { type EditTarget, TextEditor } from './text-editor.tsx';
import { type SectionEditor, useSectionEditor } from './use-section-editor.ts';

export interface Themes {
  banner: BannerConfig;
  featured: FeaturedConfig;
  deals: DealsConfig;
  sales: SalesConfig;
  filter: FilterConfig;
  footer: FooterConfig;
}

const NO_PRODUCTS = 'No products to show yet. Add products in your back office and they appear here.';

// Links inside the preview would leave the editor: they are inert here (editable texts still open).
const stayInEditor = (e: MouseEvent) => {
  if ((e.target as HTMLElement).closest('a')) e.preventDefault();
};

/**
 * The shop's home page rendered with the storefront's own sections, every text editable in place, with
 * the shop's real products and deals (or an honest hint when it has none).
 */
export function EditorCanvas({
  storeId,
  slug,
  themes,
  home,
  shop,
}: {
  storeId: string;
  slug: string;
  themes: Themes;
  home: StoreHome | undefined;
  shop: ShopBasics;
}) {
  const banner = useSectionEditor(storeId, slug, 'banner', themes.banner);
  const featured = useSectionEditor(storeId, slug, 'featured', themes.featured);
  const deals = useSectionEditor(storeId, slug, 'deals', themes.deals);
  const sales = useSectionEditor(storeId, slug, 'sales', themes.sales);
  const filter = useSectionEditor(storeId, slug, 'filter', themes.filter);
  const footer = useSectionEditor(storeId, slug, 'footer', themes.footer);
  const [target, setTarget] = useState<EditTarget | null>(null);
  const rounds = useRef<Record<string, number>>({});
  const close = useCallback(() => setTarget(null), []);
  const base = `/store/${slug}`;

  const frame = <C,>(editor: SectionEditor<C>, title: string) => ({
    title,
    editor: editor as SectionEditor<unknown>,
    onGenerate: () => {
      const round = rounds.current[editor.name] ?? 0;
      rounds.current[editor.name] = round + 1;
      editor.propose(generateTexts(editor.name, editor.config, shop, round) as C);
    },
  });
  const edit = <C,>(editor: SectionEditor<C>) => makeEditHook(editor, setTarget);

  const featuredList = home?.featured ?? [];
  const dealList = home?.deals ?? [];
  const saleList = home?.upcoming_sales ?? [];

  return (
    <div
      onClickCapture={stayInEditor}
      className="[&_[data-editable]]:cursor-pointer [&_[data-editable]]:rounded [&_[data-editable]]:outline-dashed [&_[data-editable]]:outline-1 [&_[data-editable]]:outline-transparent [&_[data-editable]:focus-visible]:outline-2 [&_[data-editable]:focus-visible]:outline-brand-600 [&_[data-editable]:hover]:outline-brand-500"
    >
      <SectionFrame {...frame(banner, 'Banner')} tools={<BannerTools storeId={storeId} editor={banner} />}>
        <BannerSection
          config={legibleBanner(banner.config)}
          base={base}
          storeName={shop.name}
          edit={edit(banner)}
        />
      </SectionFrame>
      <SectionFrame {...frame(featured, 'Featured products')} hint={featuredList.length ? null : NO_PRODUCTS}>
        <FeaturedSection
          config={legibleFeatured(featured.config)}
          products={featuredList}
          base={base}
          edit={edit(featured)}
        />
      </SectionFrame>
      <SectionFrame
        {...frame(deals, 'Deals')}
        hint={
          dealList.length ? null : 'No deals running. Add deals in your back office and they appear here.'
        }
      >
        <DealsSection config={legibleDeals(deals.config)} deals={dealList} base={base} edit={edit(deals)} />
      </SectionFrame>
      <SectionFrame
        {...frame(sales, 'Flash sale')}
        hint={
          saleList.length
            ? null
            : 'No upcoming sale scheduled. Schedule one in your back office; until then shoppers do not see this section.'
        }
      >
        {saleList.length ? (
          <SalesSection config={legibleDeals(sales.config)} sales={saleList} base={base} edit={edit(sales)} />
        ) : (
          <div className="bg-white py-10">
            <SectionHeading
              id="sales-heading"
              heading={sales.config.mainHeading}
              subHeading={sales.config.subHeading}
              fallback="Upcoming Sale"
              edit={edit(sales)}
            />
          </div>
        )}
      </SectionFrame>
      <SectionFrame {...frame(filter, 'Filter sidebar')} hint="Shown beside your All Products page.">
        <FilterPreview config={filter.config} edit={edit(filter)} />
      </SectionFrame>
      <SectionFrame {...frame(footer, 'Footer')}>
        {home ? (
          <FooterSection config={footer.config} store={home.store} base={base} edit={edit(footer)} />
        ) : (
          <p className="px-6 py-8 text-sm text-slate-600">
            The footer preview needs your shop's details, which did not load.
          </p>
        )}
      </SectionFrame>
      {target ? <TextEditor key={target.label + target.rect.top} target={target} onClose={close} /> : null}
    </div>
  );
}
