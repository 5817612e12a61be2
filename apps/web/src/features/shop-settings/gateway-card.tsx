import { type GatewaySettings, gatewaySettingsBody } from '@haat/contracts';
import { useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { TextField } from '../../components/ui/fields.tsx';
import { useQuery, useQueryClient } from '../../lib/query.ts';
import { adminCall, adminKey } from '../../lib/selected-shop.tsx';
import { toast } from '../../lib/toast.ts';
import { schemaResolver } from './form-support.ts';
import { GatewayMismatchList } from './gateway-mismatches.tsx';
import { SettingsForm, useSettingsForm } from './settings-form.tsx';
import { CardState, SettingsCard } from './settings-ui.tsx';

/*
 * Online payments (issue 44): the shop's Razorpay keys, checked with a test call by the server and kept
 * encrypted there (the secrets are never sent back), and the set-up steps in the Razorpay Dashboard.
 */

interface Keys {
  key_id: string;
  key_secret: string;
  webhook_secret: string;
}
type KeysBody = Keys & { provider: 'RAZORPAY' };
const FIELDS = ['key_id', 'key_secret', 'webhook_secret'] as const;
const EMPTY: Keys = { key_id: '', key_secret: '', webhook_secret: '' };
const gatewayKey = (slug: string) => adminKey(slug, 'settings', 'gateway');
const PATH = '/payment-gateway/';
const resolver = schemaResolver<Keys, KeysBody>(
  (b) => gatewaySettingsBody.safeParse(b),
  (v) => ({ ...v, provider: 'RAZORPAY' }),
);

function KeysForm({ slug }: { slug: string }) {
  const qc = useQueryClient();
  const state = useSettingsForm<Keys, KeysBody, GatewaySettings>({
    defaultValues: EMPTY,
    resolver,
    fields: FIELDS,
    save: (body) => adminCall<GatewaySettings>(slug, PATH, { method: 'PUT', body, silent: true }),
    onSaved: (saved, form) => {
      qc.setQueryData(gatewayKey(slug), saved);
      form.reset(EMPTY);
    },
    saved: (s) => ({ title: 'Razorpay connected', description: `Key ${s.key_id} works` }),
    failure: 'Razorpay could not be connected.',
  });
  const { errors, form } = state;
  const secret = { type: 'password', autoComplete: 'off', spellCheck: false } as const;
  return (
    <SettingsForm label="Razorpay keys" state={state} saveLabel="Check and connect" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Key Id"
          {...form.register('key_id')}
          error={errors.key_id?.message}
          autoComplete="off"
        />
        <TextField
          label="Key Secret"
          {...form.register('key_secret')}
          error={errors.key_secret?.message}
          {...secret}
        />
        <TextField
          label="Webhook secret"
          {...form.register('webhook_secret')}
          error={errors.webhook_secret?.message}
          {...secret}
        />
      </div>
    </SettingsForm>
  );
}

function Steps({ data }: { data: GatewaySettings }) {
  return (
    <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
      <li>
        Sign in to the Razorpay Dashboard (dashboard.razorpay.com). Under{' '}
        <b>Account &amp; Settings → API Keys</b>, generate a key (Test mode to try it, Live mode to take
        money) and copy the <b>Key Id</b> and <b>Key Secret</b>; the secret is shown only once.
      </li>
      <li>
        Under <b>Account &amp; Settings → Webhooks</b>, add a webhook with this URL:
        <code
          className="mt-1 block break-all rounded bg-slate-100 px-2 py-1 text-xs"
          data-testid="webhook-url"
        >
          {data.webhook_url}
        </code>
        choose a <b>secret</b> of your own, and tick the events {data.webhook_events.join(', ')}.
      </li>
      <li>
        Enter the three values below. We check them with Razorpay before saving and keep the secrets
        encrypted; nobody can read them back here.
      </li>
    </ol>
  );
}

function Connected({ slug, data }: { slug: string; data: GatewaySettings }) {
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const disconnect = async () => {
    setBusy(true);
    try {
      qc.setQueryData(gatewayKey(slug), await adminCall<GatewaySettings>(slug, PATH, { method: 'DELETE' }));
      toast.success('Payment gateway disconnected');
    } finally {
      setBusy(false);
    }
  };
  const how = data.mode === 'TEST' ? 'the built-in test gateway' : 'Razorpay';
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-green-50 p-3 ring-1 ring-green-200">
      <p className="text-sm text-green-900">
        Shoppers can pay online through {how} (key <span className="font-mono">{data.key_id}</span>).
      </p>
      <button type="button" className={buttonStyles.secondary} disabled={busy} onClick={disconnect}>
        Disconnect
      </button>
    </div>
  );
}

function TestGatewayButton({ slug }: { slug: string }) {
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const connect = async () => {
    setBusy(true);
    try {
      const saved = await adminCall<GatewaySettings>(slug, `${PATH}test-gateway/`, { method: 'POST' });
      qc.setQueryData(gatewayKey(slug), saved);
      toast.success('Test gateway connected', {
        description: 'Payments open a page where you approve or fail them',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={buttonStyles.secondary} disabled={busy} onClick={connect}>
      Use the test gateway
    </button>
  );
}

/** Settings → Online payments: connect Razorpay (or, in development, the test gateway). */
export function GatewayCard({ slug }: { slug: string }) {
  const q = useQuery({
    queryKey: gatewayKey(slug),
    queryFn: ({ signal }) => adminCall<GatewaySettings>(slug, PATH, { signal, silent: true }),
  });
  const data = q.data;
  return (
    <SettingsCard
      id="online-payments"
      title="Online payments"
      description="Take UPI, cards, net banking and wallets through Razorpay. Orders paid online are marked paid by themselves."
      action={
        data && !data.connected && data.test_gateway_available ? <TestGatewayButton slug={slug} /> : null
      }
    >
      <CardState loading={q.isPending} error={q.isError} onRetry={() => q.refetch()} />
      {data ? (
        <div className="space-y-5">
          {data.connected ? <Connected slug={slug} data={data} /> : null}
          {data.connected ? <GatewayMismatchList slug={slug} /> : null}
          <Steps data={data} />
          <KeysForm slug={slug} />
        </div>
      ) : null}
    </SettingsCard>
  );
}
