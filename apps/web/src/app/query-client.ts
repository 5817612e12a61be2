import { QueryClient } from '@tanstack/react-query';

/** The app's query client: one per page load in the browser, one per request on the server. */
export const newQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Every failed call is announced once by the api client; a silent retry would announce it twice.
        retry: false,
      },
    },
  });
