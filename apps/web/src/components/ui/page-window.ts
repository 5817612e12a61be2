// Kit: which page numbers a pager shows. Shared by the back office's ListPager and the storefront's Pagination.
/** Page numbers to show: the first, the last, and one either side of the current one, with gaps ('gap') between. */
export function pageWindow(current: number, count: number): (number | 'gap')[] {
  const pages: (number | 'gap')[] = [];
  for (let p = 1; p <= count; p++) {
    if (p === 1 || p === count || Math.abs(p - current) <= 1) pages.push(p);
    else if (pages.at(-1) !== 'gap') pages.push('gap');
  }
  return pages;
}
