// Kit: the storefront's numbered pagination (Previous, page numbers, Next) for client-paged grids.
// Kept apart from pager.tsx (the back office's) so the shopper's chunks never carry the back-office pager.
import { pageWindow } from './page-window.ts';

const item =
  'inline-flex min-w-10 items-center justify-center rounded-lg border px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-40';

export function Pagination({
  page,
  pageCount,
  onPage,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-1.5">
      <button
        type="button"
        className={`${item} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      {pageWindow(page, pageCount).map((p, i) =>
        p === 'gap' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
          <span key={`gap-${i}`} aria-hidden className="px-1 text-slate-500">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            aria-label={`Page ${p}`}
            aria-current={p === page ? 'page' : undefined}
            onClick={() => onPage(p)}
            className={`${item} ${
              p === page
                ? 'border-brand-600 bg-brand-700 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
            }`}
          >
            {p}
          </button>
        ),
      )}
      <button
        type="button"
        className={`${item} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
