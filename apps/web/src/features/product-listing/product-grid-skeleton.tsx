/** Grey stand-ins for product cards while a page loads. */
export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <>
      <p role="status" className="sr-only">
        Loading products..
      </p>
      <ul
        aria-hidden
        className="mt-4 grid animate-pulse grid-cols-2 gap-3 motion-reduce:animate-none sm:gap-4 md:grid-cols-3 lg:gap-6 xl:grid-cols-4"
      >
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders only
          <li key={i} className="overflow-hidden rounded-xl border border-slate-200">
            <div className="aspect-square bg-slate-200" />
            <div className="space-y-2 p-3">
              <div className="h-4 w-3/4 rounded bg-slate-200" />
              <div className="h-4 w-1/3 rounded bg-slate-200" />
              <div className="h-3 w-1/2 rounded bg-slate-200" />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
