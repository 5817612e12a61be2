import { ChevronLeft, ChevronRight, Package } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';

export const MAX_IMAGES = 5;
const SWIPE_PX = 40;

/**
 * Up to five product images: the large one, thumbnails to pick from, arrow keys when the gallery has
 * focus, and a swipe on touch screens (pointer events, so mouse drags work the same way).
 */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const shown = images.slice(0, MAX_IMAGES);
  const [index, setIndex] = useState(0);
  const start = useRef<number | null>(null);
  const count = shown.length;
  const current = Math.min(index, Math.max(0, count - 1));
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);

  if (!count) {
    return (
      <div className="flex aspect-square items-center justify-center rounded-2xl bg-slate-100 text-slate-400">
        <Package aria-hidden className="size-16" />
        <span className="sr-only">No image for this product</span>
      </div>
    );
  }

  const onKey = (e: KeyboardEvent) => {
    if (count < 2) return;
    if (e.key === 'ArrowRight') go(1);
    else if (e.key === 'ArrowLeft') go(-1);
    else return;
    e.preventDefault();
  };

  return (
    <section aria-label="Product images" aria-roledescription="carousel" onKeyDown={onKey}>
      <div
        className="relative aspect-square touch-pan-y overflow-hidden rounded-2xl bg-slate-100 select-none"
        onPointerDown={(e) => {
          start.current = e.clientX;
        }}
        onPointerUp={(e) => {
          if (start.current == null || count < 2) return;
          const dx = e.clientX - start.current;
          start.current = null;
          if (Math.abs(dx) >= SWIPE_PX) go(dx < 0 ? 1 : -1);
        }}
        onPointerCancel={() => {
          start.current = null;
        }}
      >
        <img
          src={shown[current]}
          alt={count > 1 ? `${name}, image ${current + 1} of ${count}` : name}
          draggable={false}
          // The page's largest paint: fetched first (the server preloads it too), and what the page's code waits for.
          fetchPriority="high"
          width={800}
          height={800}
          className="size-full object-cover"
        />
        {count > 1 ? (
          <>
            <button
              type="button"
              aria-label="Previous image"
              onClick={() => go(-1)}
              className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-slate-800 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              <ChevronLeft aria-hidden className="size-5" />
            </button>
            <button
              type="button"
              aria-label="Next image"
              onClick={() => go(1)}
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-slate-800 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              <ChevronRight aria-hidden className="size-5" />
            </button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="mt-3 grid grid-cols-5 gap-2">
          {shown.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                aria-label={`Show image ${i + 1} of ${count}`}
                aria-pressed={i === current}
                onClick={() => setIndex(i)}
                className={`block aspect-square w-full overflow-hidden rounded-lg border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${
                  i === current ? 'border-brand-600' : 'border-transparent opacity-80 hover:opacity-100'
                }`}
              >
                <img
                  src={src}
                  alt=""
                  loading="lazy"
                  width={120}
                  height={120}
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
