// Kit: the small spinning indicator; decorative, always beside words.
import { LoaderCircle } from 'lucide-react';

/** A small spinning indicator; decorative, so pair it with visible or screen-reader text. */
export function Spinner({ className = 'size-4' }: { className?: string }) {
  return <LoaderCircle aria-hidden className={`animate-spin motion-reduce:animate-none ${className}`} />;
}
