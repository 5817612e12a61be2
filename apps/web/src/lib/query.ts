/**
 * The app's data fetching: TanStack Query's API (useQuery, useInfiniteQuery, useQueries, useMutation,
 * useQueryClient, keepPreviousData, QueryClientProvider) with its engine loaded when first needed, so a shop's
 * first page does not carry it (lib/query/core.ts, decision 0016). Every module imports these from here, never
 * from `@tanstack/react-query` (biome.json).
 */
export { AppQueryClient, type InfiniteData, type QueryClientApi } from './query/client.ts';
export { installQueryCore, loadOnFirstInput, loadQueryCore, type QueryCore } from './query/core.ts';
export {
  keepPreviousData,
  QueryClientProvider,
  useInfiniteQuery,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from './query/hooks.tsx';
