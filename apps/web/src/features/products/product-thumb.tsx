import { Package } from 'lucide-react';

/** A product's square picture, or a neutral placeholder when it has none (cards and deal tiles). */
export function ProductThumb({
  src,
  alt,
  className = '',
  priority = false,
}: {
  src: string | null;
  alt: string;
  className?: string;
  /** Above the fold on first load (the first row of a grid): fetched at once, first. */
  priority?: boolean;
}) {
  if (!src) {
    return (
      <div className="flex size-full items-center justify-center text-slate-400">
        <Package aria-hidden className="size-10" />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      width={400}
      height={400}
      className={`size-full object-cover ${className}`}
    />
  );
}
