import { AppQueryClient } from '../lib/query.ts';

/** The app's query client: one per page load in the browser, one per request on the server (lib/query.ts). */
export const newQueryClient = () =>
  new AppQueryClient(
    {
      defaultOptions: {
        queries: {
          staleTime: 30_000,
          refetchOnWindowFocus: false,
          // Every failed call is announced once by the api client; a silent retry would announce it twice.
          retry: false,
        },
      },
    },
    // In the browser it follows focus and connection as TanStack's provider does; never on the server.
    { mount: typeof window !== 'undefined' },
  );
