import { WifiOff } from 'lucide-react';
import { useOnline } from '../../lib/use-online.ts';

/**
 * The back office without a connection (decision 0035): it still opens from the installed copy, and the counter
 * sells from its own store of the catalogue; screens that need the server say so and load when it is back.
 */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <p
      role="status"
      className="flex items-start gap-2 border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:px-6 lg:px-8"
    >
      <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>
        <strong>You are offline – the counter keeps selling.</strong> Other screens load their data when the
        connection is back.
      </span>
    </p>
  );
}
