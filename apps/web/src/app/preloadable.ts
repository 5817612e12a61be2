import { type ComponentType, createElement, lazy } from 'react';

type PropsOf<M> = M extends { default: ComponentType<infer P> } ? P : never;

/**
 * `lazy()` that can also be loaded ahead: `preload()` fetches the module (and answers it), after which the component
 * renders at once instead of suspending. In the browser the face and page of a server-rendered page are preloaded
 * before it is hydrated (main.tsx), so hydration runs in one pass and no part waits, dehydrated, for its code.
 */
export function preloadable<M extends { default: ComponentType<never> }>(load: () => Promise<M>) {
  let ready: ComponentType<PropsOf<M>> | undefined;
  let pending: Promise<M> | undefined;
  const preload = () => {
    pending ??= load().then((m) => {
      ready = m.default as ComponentType<PropsOf<M>>;
      return m;
    });
    return pending;
  };
  const Lazy = lazy(async () => ({ default: (await preload()).default as ComponentType<PropsOf<M>> }));
  function Preloadable(props: PropsOf<M>) {
    return createElement((ready ?? Lazy) as ComponentType<object>, props as object);
  }
  return Object.assign(Preloadable, { preload });
}
