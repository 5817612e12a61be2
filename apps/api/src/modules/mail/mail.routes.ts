import { envelope, errorEnvelope } from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { devPage, escapeHtml } from './html.ts';
import { listRecentMail, type RecentMail } from './outbox.repository.ts';

const mailboxQuery = z.object({
  to: z.string().trim().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const mailboxItem = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(['PENDING', 'SENT', 'DEAD']),
  created_at: z.string(),
});

const istTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  dateStyle: 'medium',
  timeStyle: 'medium',
});

/**
 * The development mailbox: mail from the outbox, newest first, as JSON and as a page, so sign-up codes can be
 * read without a mail server. Not registered in production (the outbox holds one-time codes). Paths are
 * absolute: register without a prefix.
 */
export const mailRoutes =
  (deps: Pick<Deps, 'db' | 'config'>): FastifyPluginAsyncZod =>
  async (app) => {
    if (deps.config.NODE_ENV === 'production') return;

    app.get('/api/dev/mailbox', {
      schema: {
        tags: ['system'],
        summary: 'Development mailbox: recent outgoing mail, newest first (not available in production)',
        querystring: mailboxQuery,
        response: { 200: envelope(z.array(mailboxItem)), 400: errorEnvelope },
      },
      handler: async (req, reply) => {
        const rows = await listRecentMail(deps.db, { to: req.query.to || undefined, limit: req.query.limit });
        reply.header('cache-control', 'no-store');
        return ok(
          rows.map((r) => ({
            id: r.id,
            to: r.to,
            subject: r.subject,
            text: r.text,
            status: r.status,
            created_at: r.createdAt.toISOString(),
          })),
          `${rows.length} mail${rows.length === 1 ? '' : 's'}`,
        );
      },
    });

    app.get('/dev/mailbox', {
      schema: { hide: true, querystring: mailboxQuery },
      handler: async (req, reply) => {
        const to = req.query.to || undefined;
        const rows = await listRecentMail(deps.db, { to, limit: req.query.limit });
        return reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('x-robots-tag', 'noindex')
          .send(renderMailbox(rows, to, !!deps.config.SMTP_URL));
      },
    });
  };

const STYLE = `
body{margin:0;padding:24px;background:#f4f4f5;color:#18181b;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif}
main{max-width:860px;margin:0 auto}
h1{font-size:22px;margin:0 0 8px}
.note{background:#fff7ed;border:1px solid #fdba74;border-radius:6px;padding:10px 14px;margin:0 0 16px}
form{display:flex;gap:8px;margin:0 0 16px}
input{flex:1;padding:8px;border:1px solid #d4d4d8;border-radius:6px;font:inherit}
button,.clear{padding:8px 14px;border-radius:6px;border:1px solid #d4d4d8;background:#fff;font:inherit;color:inherit;text-decoration:none}
article{background:#fff;border:1px solid #e4e4e7;border-radius:8px;padding:14px 16px;margin:0 0 12px}
h2{font-size:16px;margin:0 0 6px}
.meta{font-size:13px;color:#52525b;margin:0 0 8px}
.status{font-size:12px;font-weight:600;padding:1px 6px;border-radius:4px;background:#e4e4e7}
pre{white-space:pre-wrap;word-break:break-word;background:#fafafa;border:1px solid #f4f4f5;border-radius:6px;padding:10px;margin:0;font-size:14px}
`;

function renderMailbox(rows: RecentMail[], to: string | undefined, smtpConfigured: boolean) {
  const note = smtpConfigured
    ? 'Development mailbox — SMTP_URL is set, so this mail is also delivered through SMTP.'
    : 'Development mailbox — mail is not sent because SMTP_URL is not set. It is kept here and in the server log.';
  const items = rows.length
    ? rows
        .map(
          (r) => `<article>
<h2>${escapeHtml(r.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(r.to)}</strong> · ${escapeHtml(istTime.format(r.createdAt))} IST · <span class="status">${escapeHtml(r.status)}</span></p>
<pre>${escapeHtml(r.text)}</pre>
</article>`,
        )
        .join('\n')
    : `<p>No mail${to ? ` to ${escapeHtml(to)}` : ''} yet.</p>`;
  const body = `<h1>Development mailbox</h1>
<p class="note">${escapeHtml(note)}</p>
<form method="get" action="/dev/mailbox">
<input type="email" name="to" placeholder="Filter by recipient email" value="${escapeHtml(to ?? '')}">
<button type="submit">Filter</button>
<a class="clear" href="/dev/mailbox">All mail</a>
</form>
${items}`;
  return devPage({ title: 'Development mailbox', style: STYLE, body });
}
