/** The product page's outline while it loads. */
export function ProductSkeleton() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-10">
      <p role="status" className="sr-only">
        Loading product..
      </p>
      <div aria-hidden className="animate-pulse motion-reduce:animate-none">
        <div className="mb-4 h-4 w-64 max-w-full rounded bg-slate-200" />
        <div className="grid gap-6 md:grid-cols-2 lg:gap-12">
          <div className="aspect-square rounded-2xl bg-slate-200" />
          <div className="flex flex-col gap-4">
            <div className="h-8 w-3/4 rounded bg-slate-200" />
            <div className="h-4 w-1/3 rounded bg-slate-200" />
            <div className="h-7 w-1/2 rounded bg-slate-200" />
            <div className="h-7 w-24 rounded-full bg-slate-200" />
            <div className="h-10 w-full rounded-lg bg-slate-200" />
            <div className="mt-4 grid gap-2 sm:grid-cols-2">
              <div className="h-16 rounded-xl bg-slate-200" />
              <div className="h-16 rounded-xl bg-slate-200" />
              <div className="h-16 rounded-xl bg-slate-200" />
              <div className="h-16 rounded-xl bg-slate-200" />
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
