import { storeSettingBody } from '@haat/contracts';
import { ArrowLeft, Rocket } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useHost } from '../../app/host.tsx';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { queryApi } from '../../lib/api.ts';
import { useQueryClient } from '../../lib/query.ts';
import { Link, useNavigate } from '../../lib/router.tsx';
import { errorText, type MyShop, myShopsKey, useMyShop } from '../template-editor/index.ts';
import { LaunchPreview } from './launch-preview.tsx';
import {
  type LaunchSettingsData,
  launchBody,
  launchSettingsKey,
  ownerPreviewPath,
  type PaymentMethod,
  shopAddress,
  useLaunchSettings,
} from './shop-address.ts';

const field =
  'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none sm:text-sm';

function SettingsForm({
  storeId,
  shop,
  initial,
}: {
  storeId: string;
  shop: MyShop;
  initial: LaunchSettingsData;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useId();
  // Draft for a new shop; a live shop starts as Published so saving never unpublishes it by surprise.
  const [status, setStatus] = useState<Status>(initial.online_status === 'PUBLISHED' ? 'PUBLISHED' : 'DRAFT');
  const [methods, setMethods] = useState<PaymentMethod[]>(initial.payment_methods);
  const [upi, setUpi] = useState(initial.upi_id ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const toggle = (m: PaymentMethod, on: boolean) =>
    setMethods((cur) => (on ? [...cur.filter((x) => x !== m), m] : cur.filter((x) => x !== m)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const prefs = { payment_methods: methods, upi_id: methods.includes('UPI') ? upi.trim() : null };
    const body = launchBody(storeId, status, prefs);
    const check = storeSettingBody.safeParse(body);
    if (methods.includes('UPI') && !upi.trim()) return setError('Enter your UPI id to accept UPI payments');
    if (!check.success) return setError(check.error.issues[0]?.message ?? 'Please check the settings');
    setError(null);
    setBusy(true);
    try {
      await queryApi('/api/store/create-store-setting/', { method: 'POST', body });
      await queryClient.invalidateQueries({ queryKey: myShopsKey });
      await queryClient.invalidateQueries({ queryKey: launchSettingsKey(storeId) });
      navigate('creatingstore');
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <StatusChoice id={id} status={status} onStatus={setStatus} />
      <PaymentChoice id={id} methods={methods} onToggle={toggle} upi={upi} onUpi={setUpi} />
      <div>
        <label htmlFor={`${id}-currency`} className="block text-base font-semibold text-slate-900">
          Currency
        </label>
        <select id={`${id}-currency`} className={field} defaultValue="INR">
          <option value="INR">₹ Indian Rupee (INR)</option>
        </select>
      </div>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
          {error}
        </p>
      ) : null}
      {!shop.has_address && status === 'PUBLISHED' ? (
        <p className="text-sm text-amber-800">Your shop has no address yet; add it before publishing.</p>
      ) : null}
      <button type="submit" disabled={busy} className={`${buttonStyles.primary} w-full`}>
        {busy ? <Spinner /> : <Rocket aria-hidden className="size-4" />}
        {busy ? 'Please wait...' : 'Save Settings & Launch Store'}
      </button>
    </form>
  );
}

type Status = 'PUBLISHED' | 'DRAFT';

/** Published or Draft, each with what it means. */
function StatusChoice({
  id,
  status,
  onStatus,
}: {
  id: string;
  status: Status;
  onStatus: (s: Status) => void;
}) {
  return (
    <fieldset>
      <legend className="text-base font-semibold text-slate-900">Platform status</legend>
      <div className="mt-2 space-y-2">
        {(
          [
            ['PUBLISHED', 'Published', 'Open to everyone at your store URL.'],
            ['DRAFT', 'Draft', 'Only you can see it while you finish setting up.'],
          ] as const
        ).map(([value, label, note]) => (
          <label
            key={value}
            className="flex cursor-pointer items-start gap-3 rounded-lg p-2 ring-1 ring-slate-200 has-checked:ring-brand-500"
          >
            <input
              type="radio"
              name="online_status"
              value={value}
              checked={status === value}
              onChange={() => onStatus(value)}
              aria-label={label}
              aria-describedby={`${id}-${value}`}
              className="mt-1 accent-brand-600"
            />
            <span>
              <span className="block text-sm font-semibold text-slate-900">{label}</span>
              <span id={`${id}-${value}`} className="block text-sm text-slate-600">
                {note}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** UPI (with the UPI id it needs) and Cash on Delivery. */
function PaymentChoice({
  id,
  methods,
  onToggle,
  upi,
  onUpi,
}: {
  id: string;
  methods: PaymentMethod[];
  onToggle: (m: PaymentMethod, on: boolean) => void;
  upi: string;
  onUpi: (upi: string) => void;
}) {
  return (
    <fieldset>
      <legend className="text-base font-semibold text-slate-900">Payment methods</legend>
      <div className="mt-2 space-y-2">
        <label className="flex items-center gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={methods.includes('UPI')}
            onChange={(e) => onToggle('UPI', e.target.checked)}
            className="size-4 accent-brand-600"
          />
          UPI
        </label>
        {methods.includes('UPI') ? (
          <div className="pl-7">
            <label htmlFor={`${id}-upi`} className="block text-sm font-medium text-slate-700">
              UPI id
            </label>
            <input
              id={`${id}-upi`}
              required
              value={upi}
              onChange={(e) => onUpi(e.target.value)}
              placeholder="shopname@okaxis"
              autoComplete="off"
              className={field}
            />
          </div>
        ) : null}
        <label className="flex items-center gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={methods.includes('COD')}
            onChange={(e) => onToggle('COD', e.target.checked)}
            className="size-4 accent-brand-600"
          />
          Cash on Delivery
        </label>
      </div>
    </fieldset>
  );
}

/** Launch settings (01 §2): preview the real shop, choose status and payments, then launch. */
export function LaunchSettings({ storeId }: { storeId: string }) {
  useDocumentTitle('Launch your shop');
  const host = useHost();
  const shop = useMyShop(storeId);
  const settings = useLaunchSettings(storeId);
  if (shop.isPending || settings.isPending)
    return (
      <p role="status" className="flex min-h-dvh items-center justify-center gap-2 text-slate-600">
        <Spinner /> Loading..
      </p>
    );
  if (!shop.data || !settings.data)
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-3 p-6 text-center">
        <h1 className="text-2xl font-semibold text-slate-900">Shop not found</h1>
        <Link to="/shopregistration" className={buttonStyles.primary}>
          Back to your shops
        </Link>
      </main>
    );
  const s = shop.data;
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3 sm:px-6">
          <Link
            to=".."
            relative="path"
            aria-label="Back to the design"
            className="rounded-lg p-2 text-slate-600 hover:bg-slate-100"
          >
            <ArrowLeft aria-hidden className="size-5" />
          </Link>
          <h1 className="text-lg font-bold text-slate-900">Launch {s.store_name}</h1>
        </div>
      </header>
      <main className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <LaunchPreview
          src={ownerPreviewPath(s.slug)}
          address={shopAddress(s.plan, s.slug, host.platformDomain)}
          name={s.store_name}
        />
        <SettingsForm storeId={storeId} shop={s} initial={settings.data} />
      </main>
    </div>
  );
}
