/** Scrolls a landing-page section into view (smoothly unless the user asked for less motion). */
export function scrollToSection(id: string, opts: { focusHeading?: boolean } = {}): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  el.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  if (opts.focusHeading) {
    // Move keyboard and screen-reader focus along with the scroll.
    const heading = el.querySelector<HTMLElement>('h2');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
  }
  return true;
}
