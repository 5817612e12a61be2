import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  Link,
  NavLink,
  Outlet,
  Route,
  Routes,
  resolveTo,
  StaticRouter,
  useLocation,
  useParams,
  useSearchParams,
} from './router.tsx';

const at = (location: string, tree: ReactNode) =>
  renderToString(<StaticRouter location={location}>{tree}</StaticRouter>);

function Params() {
  return <i>{JSON.stringify(useParams())}</i>;
}
function Layout({ name }: { name: string }) {
  return (
    <section>
      {`${name}[`}
      <Outlet />]
    </section>
  );
}

/** The back office's shape: pathless layouts around absolute paths, a catch-all, and a page outside the layouts. */
const backOffice = (
  <Routes>
    <Route path="/unauthorized" element={<b>unauthorized</b>} />
    <Route element={<Layout name="guard" />}>
      <Route element={<Layout name="shell" />}>
        <Route path="/inventory" element={<b>inventory</b>} />
        <Route path="/inventory/:productId" element={<Params />} />
        <Route path="/inventory/new" element={<b>new product</b>} />
        <Route path="*" element={<b>not found</b>} />
      </Route>
    </Route>
    <Route path="/" element={<b>login</b>} />
  </Routes>
);

/** The marketing site's shape: an index route and relative paths under a layout, splats, an optional segment. */
const marketing = (
  <Routes>
    <Route element={<Layout name="site" />}>
      <Route index element={<b>landing</b>} />
      <Route path="shops" element={<b>shops</b>} />
      {['/dashboard', '/inventory'].map((p) => (
        <Route key={p} path={`${p}/*`} element={<Params />} />
      ))}
      <Route path="store/:slug/:page?" element={<Params />} />
      <Route path="*" element={<b>page not found</b>} />
    </Route>
    <Route path="login" element={<b>login</b>} />
  </Routes>
);

describe('Routes', () => {
  it('renders the matched route inside its layouts, with its parameters decoded', () => {
    expect(at('/inventory', backOffice)).toBe(
      '<section>guard[<section>shell[<b>inventory</b>]</section>]</section>',
    );
    expect(at('/inventory/a%20b', backOffice)).toContain('{&quot;productId&quot;:&quot;a b&quot;}');
    expect(at('/unauthorized', backOffice)).toBe('<b>unauthorized</b>');
    expect(at('/', backOffice)).toBe('<b>login</b>');
  });

  it('ranks a static segment above a parameter and both above the catch-all, whatever the order', () => {
    expect(at('/inventory/new', backOffice)).toContain('<b>new product</b>');
    expect(at('/inventory/42/', backOffice)).toContain('{&quot;productId&quot;:&quot;42&quot;}');
    expect(at('/nowhere/at/all', backOffice)).toContain('<b>not found</b>');
  });

  it('matches index routes, relative paths, splats and optional segments, case-insensitively', () => {
    expect(at('/', marketing)).toBe('<section>site[<b>landing</b>]</section>');
    expect(at('/SHOPS', marketing)).toContain('<b>shops</b>');
    expect(at('/login', marketing)).toBe('<b>login</b>');
    expect(at('/dashboard/orders/7', marketing)).toContain('{&quot;*&quot;:&quot;orders/7&quot;}');
    expect(at('/dashboard', marketing)).toContain('<i>{}</i>');
    expect(at('/store/spice', marketing)).toContain('{&quot;slug&quot;:&quot;spice&quot;}');
    expect(at('/store/spice/products', marketing)).toContain(
      '{&quot;slug&quot;:&quot;spice&quot;,&quot;page&quot;:&quot;products&quot;}',
    );
    expect(at('/store/spice/products/extra', marketing)).toContain('page not found');
  });

  it('renders nothing when no route matches', () => {
    expect(at('/elsewhere', <Routes>{[<Route key="a" path="/a" element={<b>a</b>} />]}</Routes>)).toBe('');
  });
});

describe('links and locations', () => {
  it('resolves absolute, relative, query-only and object targets against the current path', () => {
    expect(resolveTo('/a/b?x=1#h', '/c')).toBe('/a/b?x=1#h');
    expect(resolveTo('creatingstore', '/shop/1/launchsetting')).toBe('/shop/1/launchsetting/creatingstore');
    expect(resolveTo('..', '/shop/1/launchsetting/')).toBe('/shop/1');
    expect(resolveTo('../../x', '/a')).toBe('/x');
    expect(resolveTo('?page=2', '/products')).toBe('/products?page=2');
    expect(resolveTo({ pathname: '/', hash: 'explore-shops' }, '/about')).toBe('/#explore-shops');
  });

  it('writes hrefs, and marks a NavLink active on its page and, without end, below it', () => {
    function Here() {
      const { pathname, search } = useLocation();
      const [params] = useSearchParams();
      return <u>{`${pathname}|${search}|${params.get('q')}`}</u>;
    }
    const html = at(
      '/products/spices?q=pepper',
      <>
        <Here />
        <Link to="/cart" className="c">
          Cart
        </Link>
        <NavLink to="/products" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          All
        </NavLink>
        <NavLink to="/products" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Exactly
        </NavLink>
        <NavLink to="/" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Home
        </NavLink>
        <Link to="https://wa.me/919800000000">WhatsApp</Link>
      </>,
    );
    expect(html).toContain('<u>/products/spices|?q=pepper|pepper</u>');
    expect(html).toContain('<a class="c" href="/cart">Cart</a>');
    expect(html).toContain('<a aria-current="page" class="on" href="/products">All</a>');
    expect(html).toContain('<a class="off" href="/products">Exactly</a>');
    expect(html).toContain('<a class="off" href="/">Home</a>');
    expect(html).toContain('<a href="https://wa.me/919800000000">WhatsApp</a>');
  });
});
