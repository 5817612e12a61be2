// Links (lib/router.tsx): Link, and NavLink, which knows whether it leads to the current page.
import type { AnchorHTMLAttributes, CSSProperties, MouseEvent, ReactNode, Ref } from 'react';
import { createPath, parsePath, resolveTo, type To } from './history.ts';
import { useRouter } from './router.tsx';

const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
  /** 'path' is the only relative mode: relative paths always resolve against the current path here. */
  relative?: 'path' | 'route';
  reloadDocument?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

/** Whether a click on a link is the app's to handle (not a new tab, a download, another frame or a modified click). */
const isPlainClick = (e: MouseEvent<HTMLAnchorElement>, target?: string) =>
  !e.defaultPrevented &&
  e.button === 0 &&
  (!target || target === '_self') &&
  !(e.metaKey || e.altKey || e.ctrlKey || e.shiftKey);

export function Link({
  to,
  replace,
  state,
  relative: _relative,
  reloadDocument,
  onClick,
  target,
  ...rest
}: LinkProps) {
  const { location, navigator } = useRouter();
  const external = typeof to === 'string' && EXTERNAL.test(to);
  const href = external ? (to as string) : resolveTo(to, location.pathname);
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (external || reloadDocument || !isPlainClick(e, target)) return;
    e.preventDefault();
    // A link to where the shopper already is replaces the entry, as React Router does.
    const same = href === createPath(location);
    if (replace ?? same) navigator.replace(href, state ?? null);
    else navigator.push(href, state ?? null);
  };
  return <a {...rest} href={href} target={target} onClick={click} />;
}

type NavState = { isActive: boolean; isPending: boolean; isTransitioning: boolean };
type NavLinkProps = Omit<LinkProps, 'className' | 'style' | 'children'> & {
  end?: boolean;
  className?: string | ((s: NavState) => string | undefined);
  style?: CSSProperties | ((s: NavState) => CSSProperties | undefined);
  children?: ReactNode | ((s: NavState) => ReactNode);
};

/** A Link that knows whether it leads to the current page (or, without `end`, a page below it). */
export function NavLink({ end = false, className, style, children, ...rest }: NavLinkProps) {
  const { location } = useRouter();
  const toPath = parsePath(resolveTo(rest.to, location.pathname)).pathname.toLowerCase();
  const here = location.pathname.toLowerCase();
  const slashAt = toPath !== '/' && toPath.endsWith('/') ? toPath.length - 1 : toPath.length;
  const isActive = here === toPath || (!end && here.startsWith(toPath) && here.charAt(slashAt) === '/');
  const s: NavState = { isActive, isPending: false, isTransitioning: false };
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className(s) : className}
      style={typeof style === 'function' ? style(s) : style}
    >
      {typeof children === 'function' ? children(s) : children}
    </Link>
  );
}
