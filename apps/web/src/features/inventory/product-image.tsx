import { ImageOff } from 'lucide-react';

/** A product's first photo, or a quiet block saying there is none (never a stock photo). */
export function ProductThumb({
  src,
  name,
  className = 'size-12',
}: {
  src?: string;
  name: string;
  className?: string;
}) {
  if (!src) {
    return (
      <span
        role="img"
        aria-label={`${name}: no image`}
        className={`flex shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-400 ${className}`}
      >
        <ImageOff aria-hidden className="size-1/2 max-h-6 max-w-6" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      className={`shrink-0 rounded-lg bg-slate-100 object-cover ring-1 ring-slate-200 ${className}`}
    />
  );
}
