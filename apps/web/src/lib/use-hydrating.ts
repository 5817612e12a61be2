import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * True while the page renders on the server and while the browser hydrates that HTML (React reads the server
 * snapshot then), false in every other render; a component using it renders again right after hydration. What
 * only the browser knows (the session in storage, the clock, the page's own address) is shown from then on, so the
 * first render in the browser matches the server's HTML exactly.
 */
export const useHydrating = () =>
  useSyncExternalStore(
    never,
    () => false,
    () => true,
  );
