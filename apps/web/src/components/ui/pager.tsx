// Kit: the pager under a server-paged list ("Showing 11-20 of 134 orders", Previous, page numbers, Next).
import { pageWindow } from './page-window.ts';

const item =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-lg border px-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-40';
const idle = 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50';
const count = new Intl.NumberFormat('en-IN');

/** How many pages a list has: one more than counted while more follow (a search not counted past its page). */
export function pageCount(total: number, pageSize: number, more = false) {
  return Math.max(1, Math.ceil(total / pageSize) + (more ? 1 : 0));
}

/**
 * A server-paged list's footer: "Showing 11-20 of 134 products" with Previous, page numbers and Next.
 * `noun` is plural ("products", "changes"). With `more`, more match than `total`: "of more than 40 customers".
 */
export function ListPager({
  page,
  pageSize,
  total,
  more = false,
  noun,
  onPage,
  label = 'Pagination',
}: {
  page: number;
  pageSize: number;
  total: number;
  more?: boolean;
  noun: string;
  onPage: (page: number) => void;
  label?: string;
}) {
  const pages = pageCount(total, pageSize, more);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <div className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-slate-600" aria-live="polite">
        Showing{' '}
        <span className="font-semibold text-slate-900">
          {count.format(first)}-{count.format(last)}
        </span>{' '}
        of {more ? 'more than ' : ''}
        <span className="font-semibold text-slate-900">{count.format(total)}</span> {noun}
      </p>
      <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1">
        <button
          type="button"
          className={`${item} ${idle}`}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Previous
        </button>
        {pageWindow(page, pages).map((p, i) =>
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
              className={`${item} ${p === page ? 'border-brand-600 bg-brand-700 text-white' : idle}`}
            >
              {p}
            </button>
          ),
        )}
        <button
          type="button"
          className={`${item} ${idle}`}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next
        </button>
      </nav>
    </div>
  );
}
