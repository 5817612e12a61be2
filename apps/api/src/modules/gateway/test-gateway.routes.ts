import type { AddressInfo } from 'node:net';
import { formatPaise, testGatewayBody } from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import { devPage, escapeHtml } from '../mail/index.ts';
import { findStoreById } from '../stores/index.ts';
import { callTestGateway, setTestGatewayOrigin } from './registry.ts';

/*
 * The development test gateway's checkout page (issue 44; like the dev mailbox, never in production): a person
 * approves or fails the payment of a gateway order, the test gateway fires the same signed webhook Razorpay would
 * (before the return, after it, three times over, or not at all), and the browser goes back to the shop with the
 * checkout's signed answer, as Razorpay's redirect does. Paths are absolute: register without a prefix.
 */

const params = z.object({
  store_id: z.uuid({ error: 'store_id must be a valid id' }),
  gateway_order_id: z.string().regex(/^order_\w{6,40}$/, 'gateway_order_id is a gateway order id'),
});
/** Where to go back to: a path on this site only. */
const returnPath = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'return is a path on this site')
  .default('/');
const query = z.object({ return: returnPath });

const fakeOrder = (deps: Deps, id: string) =>
  callTestGateway<{ amount: number; receipt: string | null; notes: Record<string, string> }>(
    deps,
    `/_fake/orders/${id}`,
  );

export const testGatewayRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    if (deps.config.NODE_ENV === 'production') return;
    // Where the test gateway sends a restored account's webhooks: this server, once it listens.
    app.server.once('listening', () => {
      const port = (app.server.address() as AddressInfo | null)?.port;
      if (port) setTestGatewayOrigin(`http://127.0.0.1:${port}`);
    });
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.get('/dev/test-gateway/:store_id/:gateway_order_id', {
      schema: { hide: true, params, querystring: query },
      handler: async (req, reply) => {
        const store = await findStoreById(deps.db, req.params.store_id);
        if (!store) throw notFound('Shop not found');
        const order = await fakeOrder(deps, req.params.gateway_order_id);
        const page = renderPage({
          shop: store.storeName,
          amount: formatPaise(order.amount),
          receipt: order.receipt ?? '',
          action: `${req.url.split('?')[0]}?return=${encodeURIComponent(req.query.return)}`,
        });
        return reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('x-robots-tag', 'noindex')
          .send(page);
      },
    });

    app.post('/dev/test-gateway/:store_id/:gateway_order_id', {
      schema: { hide: true, params, querystring: query, body: testGatewayBody },
      handler: async (req, reply) => {
        const id = req.params.gateway_order_id;
        const order = await fakeOrder(deps, id);
        const made = await callTestGateway<{ checkout: Record<string, string> | null }>(
          deps,
          `/_fake/orders/${id}/pay`,
          req.body,
        );
        const back = new URL(req.query.return, 'http://local');
        if (order.notes.order_id) back.searchParams.set('orderId', order.notes.order_id);
        if (made.checkout) for (const [k, v] of Object.entries(made.checkout)) back.searchParams.set(k, v);
        else back.searchParams.set('payment', 'failed');
        return reply.redirect(`${back.pathname}${back.search}`, 303);
      },
    });
  };

const STYLE = `
body{margin:0;padding:24px;background:#f4f4f5;color:#18181b;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif}
main{max-width:420px;margin:0 auto;background:#fff;border:1px solid #e4e4e7;border-radius:10px;padding:20px}
h1{font-size:20px;margin:0 0 4px}
.note{background:#fff7ed;border:1px solid #fdba74;border-radius:6px;padding:8px 12px;font-size:14px}
.amount{font-size:28px;font-weight:700;margin:12px 0}
label{display:block;margin:12px 0 4px;font-weight:600}
select{width:100%;padding:8px;border:1px solid #d4d4d8;border-radius:6px;font:inherit}
.actions{display:flex;gap:8px;margin-top:18px}
button{flex:1;padding:12px;border-radius:6px;border:1px solid #d4d4d8;font:inherit;font-weight:600;cursor:pointer}
.approve{background:#15803d;color:#fff;border-color:#15803d}
.fail{background:#fff;color:#b91c1c;border-color:#b91c1c}
`;

function renderPage(v: { shop: string; amount: string; receipt: string; action: string }) {
  const body = `<h1>Test gateway</h1>
<p class="note">Development only: no money moves. Approving sends the same signed webhook Razorpay would.</p>
<p>${escapeHtml(v.shop)} · ${escapeHtml(v.receipt)}</p>
<p class="amount">${escapeHtml(v.amount)}</p>
<form method="post" action="${escapeHtml(v.action)}">
<label for="method">Pay by</label>
<select id="method" name="method">
<option value="upi">UPI</option><option value="card">Card</option>
<option value="netbanking">Net banking</option><option value="wallet">Wallet</option>
</select>
<label for="webhook">Webhook</label>
<select id="webhook" name="webhook">
<option value="before">Before the shopper returns</option>
<option value="after">After the shopper returns</option>
<option value="thrice">Three times before the shopper returns (one event)</option>
<option value="none">Never (only the return)</option>
</select>
<div class="actions">
<button class="approve" type="submit" name="outcome" value="approve">Approve payment</button>
<button class="fail" type="submit" name="outcome" value="fail">Fail payment</button>
</div>
</form>`;
  return devPage({ title: 'Test gateway', style: STYLE, body });
}
