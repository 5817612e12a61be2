/**
 * Route paths, built in one place. A shop is reached on its own host (`/product/1`) or on the main
 * domain under `/store/{slug}` (`/store/{slug}/product/1`); `shopBase` is '' or '/store/{slug}'.
 */
export const shopBase = (via: 'host' | 'path' | null, slug: string | null) =>
  via === 'path' && slug ? `/store/${slug}` : '';

export const paths = {
  home: '/',
  login: (userType?: 'vendor' | 'customer', extra?: Record<string, string>) => {
    const q = new URLSearchParams({ ...(userType ? { userType } : {}), ...extra }).toString();
    return q ? `/login?${q}` : '/login';
  },
  unauthorized: '/unauthorized',
  shop: {
    home: (base: string) => base || '/',
    products: (base: string) => `${base}/products`,
    product: (base: string, id: string) => `${base}/product/${id}`,
    cart: (base: string) => `${base}/cart`,
    checkout: (base: string) => `${base}/checkout`,
    orders: (base: string, status?: string) =>
      status && status !== 'all' ? `${base}/orders?status=${encodeURIComponent(status)}` : `${base}/orders`,
    order: (base: string, id: string) => `${base}/orders/${encodeURIComponent(id)}`,
    orderSuccess: (base: string, id: string) => `${base}/order/success?orderId=${encodeURIComponent(id)}`,
  },
};
