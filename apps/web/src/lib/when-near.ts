/**
 * Resolves when the element with `id` comes within `margin` of the viewport: for a part below a page's first
 * screen, whose code and data can wait until the shopper scrolls towards it. Resolves at once on the server (which
 * renders everything), where the browser has no IntersectionObserver, and when the element is not in the document
 * (looked for over a few frames, as a client-side render commits it).
 */
export function whenNear(id: string, margin = '800px'): Promise<void> {
  if (typeof document === 'undefined' || typeof IntersectionObserver === 'undefined')
    return Promise.resolve();
  return new Promise((resolve) => {
    let tries = 0;
    const look = () => {
      const el = document.getElementById(id);
      if (!el) {
        if (++tries > 5) resolve();
        else requestAnimationFrame(look);
        return;
      }
      const io = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          io.disconnect();
          resolve();
        },
        { rootMargin: `${margin} 0px` },
      );
      io.observe(el);
    };
    look();
  });
}
