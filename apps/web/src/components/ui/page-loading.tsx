// Kit: a screen's loading placeholder.
import { WifiOff } from 'lucide-react';
import { useOnline } from '../../lib/use-online.ts';
import { Spinner } from './spinner.tsx';

/**
 * A screen's loading placeholder: a spinner and "Loading.." announced as a status, centred in the page. With no
 * connection it says the screen waits for one instead (the installed back office opens offline, decision 0035).
 */
export function PageLoading() {
  const online = useOnline();
  return (
    <div
      role="status"
      className="flex min-h-[60dvh] items-center justify-center gap-2 px-4 text-center text-slate-600"
    >
      {online ? <Spinner /> : <WifiOff aria-hidden className="size-5 shrink-0" />}
      {online ? 'Loading..' : 'This screen needs the connection: it loads when you are back online.'}
    </div>
  );
}
