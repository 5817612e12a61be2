// Kit: a screen's loading placeholder.
import { Spinner } from './spinner.tsx';

/** A screen's loading placeholder: a spinner and "Loading.." announced as a status, centred in the page. */
export function PageLoading() {
  return (
    <div role="status" className="flex min-h-[60dvh] items-center justify-center gap-2 text-slate-600">
      <Spinner />
      Loading..
    </div>
  );
}
