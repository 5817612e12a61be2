import { COUPON_STATE_LABELS, type CouponState } from '@haat/contracts';
import { Pencil, Plus, TicketPercent, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { formatAmount, formatDate, formatDateTime } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { CouponDialog } from './coupon-dialog.tsx';
import { DeleteConfirm } from './delete-confirm.tsx';
import {
  type AdminCoupon,
  settingsApi,
  settingsKeys,
  useCoupons,
  useRefreshSettings,
} from './settings-api.ts';
import { CardState, SettingsCard, smallButton } from './settings-ui.tsx';

const STATE_TONE: Record<CouponState, string> = {
  ACTIVE: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  SCHEDULED: 'bg-sky-50 text-sky-700 ring-sky-200',
  EXPIRED: 'bg-slate-100 text-slate-600 ring-slate-200',
  USED_UP: 'bg-amber-50 text-amber-800 ring-amber-200',
  PAUSED: 'bg-slate-100 text-slate-700 ring-slate-300',
};

const money = formatAmount;

export const discountText = (c: AdminCoupon) =>
  c.kind === 'PERCENT'
    ? `${c.value}% off${c.max_discount != null ? ` up to ${money(c.max_discount)}` : ''}`
    : `${money(c.value)} off`;

/** The dates (IST); the exact times are in the tooltip. */
function Validity({ coupon: c }: { coupon: AdminCoupon }) {
  const full = c.expires_at
    ? `${formatDateTime(c.starts_at)} to ${formatDateTime(c.expires_at)}`
    : `From ${formatDateTime(c.starts_at)}, no end`;
  return (
    <span title={full}>
      {c.expires_at ? (
        <>
          <time dateTime={c.starts_at}>{formatDate(c.starts_at)}</time> –{' '}
          <time dateTime={c.expires_at}>{formatDate(c.expires_at)}</time>
        </>
      ) : (
        <>
          From <time dateTime={c.starts_at}>{formatDate(c.starts_at)}</time>
        </>
      )}
    </span>
  );
}

const uses = (c: AdminCoupon) =>
  c.usage_limit == null ? `${c.used_count} / no limit` : `${c.used_count} / ${c.usage_limit}`;

function StatePill({ state }: { state: CouponState }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${STATE_TONE[state]}`}
    >
      {COUPON_STATE_LABELS[state]}
    </span>
  );
}

function Actions({
  coupon,
  onEdit,
  onDelete,
}: {
  coupon: AdminCoupon;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2 md:flex-nowrap md:justify-end">
      <button
        type="button"
        onClick={onEdit}
        className={smallButton(buttonStyles.secondary)}
        aria-label={`Edit coupon ${coupon.code}`}
      >
        <Pencil aria-hidden className="size-4" />
        Edit
      </button>
      <button
        type="button"
        onClick={onDelete}
        className={`${smallButton(buttonStyles.secondary)} text-red-700`}
        aria-label={`Delete coupon ${coupon.code}`}
      >
        <Trash2 aria-hidden className="size-4" />
        Delete
      </button>
    </div>
  );
}

function CouponTable({
  list,
  onEdit,
  onDelete,
}: {
  list: AdminCoupon[];
  onEdit: (c: AdminCoupon) => void;
  onDelete: (c: AdminCoupon) => void;
}) {
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Coupons</caption>
        <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Code
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Discount
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Min order
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Valid
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Uses
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              State
            </th>
            <th scope="col" className="py-2 pl-3 font-semibold">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {list.map((c) => (
            <tr key={c.id}>
              <th scope="row" className="py-3 pr-3 font-mono font-semibold text-slate-900">
                {c.code}
              </th>
              <td className="px-3 py-3 text-slate-700">{discountText(c)}</td>
              <td className="px-3 py-3 text-slate-700">{c.min_order ? money(c.min_order) : 'Any'}</td>
              <td className="px-3 py-3 text-slate-700">
                <Validity coupon={c} />
              </td>
              <td className="px-3 py-3 whitespace-nowrap text-slate-700">{uses(c)}</td>
              <td className="px-3 py-3">
                <StatePill state={c.state} />
              </td>
              <td className="py-3 pl-3">
                <Actions coupon={c} onEdit={() => onEdit(c)} onDelete={() => onDelete(c)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CouponCards({
  list,
  onEdit,
  onDelete,
}: {
  list: AdminCoupon[];
  onEdit: (c: AdminCoupon) => void;
  onDelete: (c: AdminCoupon) => void;
}) {
  return (
    <ul aria-label="Coupons" className="-my-3 divide-y divide-slate-100 md:hidden">
      {list.map((c) => (
        <li key={c.id} className="space-y-2 py-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-mono font-semibold break-all text-slate-900">{c.code}</span>
            <StatePill state={c.state} />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-500">Discount</dt>
            <dd className="text-slate-800">{discountText(c)}</dd>
            <dt className="text-slate-500">Min order</dt>
            <dd className="text-slate-800">{c.min_order ? money(c.min_order) : 'Any'}</dd>
            <dt className="text-slate-500">Valid</dt>
            <dd className="text-slate-800">
              <Validity coupon={c} />
            </dd>
            <dt className="text-slate-500">Uses</dt>
            <dd className="text-slate-800">{uses(c)}</dd>
          </dl>
          <Actions coupon={c} onEdit={() => onEdit(c)} onDelete={() => onDelete(c)} />
        </li>
      ))}
    </ul>
  );
}

/** Coupons: a table on wide screens, cards on phones; add, edit, delete. */
export function CouponsCard({ slug }: { slug: string }) {
  const coupons = useCoupons(slug);
  const refresh = useRefreshSettings();
  const [editing, setEditing] = useState<AdminCoupon | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<AdminCoupon | null>(null);

  const open = (c: AdminCoupon | null) => {
    setEditing(c);
    setDialogOpen(true);
  };

  const list = coupons.data ?? [];
  return (
    <SettingsCard
      id="coupons"
      title="Coupons"
      description="Codes shoppers apply in their cart: a percentage or a fixed amount off, with a minimum order, dates and a usage limit."
      action={
        <button type="button" onClick={() => open(null)} className={buttonStyles.primary}>
          <Plus aria-hidden className="size-4" />
          Add coupon
        </button>
      }
    >
      <CardState loading={coupons.isPending} error={coupons.isError} onRetry={() => coupons.refetch()} />
      {coupons.data && list.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <TicketPercent aria-hidden className="size-4" />
          No coupons yet.
        </p>
      ) : null}
      {list.length ? (
        <>
          <CouponTable list={list} onEdit={open} onDelete={setDeleting} />
          <CouponCards list={list} onEdit={open} onDelete={setDeleting} />
        </>
      ) : null}
      <CouponDialog slug={slug} open={dialogOpen} coupon={editing} onClose={() => setDialogOpen(false)} />
      <DeleteConfirm
        item={deleting}
        onClose={() => setDeleting(null)}
        title="Delete coupon"
        describe={(c) =>
          `Delete ${c.code}? Carts that applied it lose it. Orders already placed keep their discount.${
            c.state === 'ACTIVE' ? ' To stop it for now, edit it and turn Active off instead.' : ''
          }`
        }
        remove={async (c) => {
          await settingsApi.removeCoupon(slug, c.id);
          toast.success('Coupon deleted', { description: c.code });
          void refresh(settingsKeys.coupons(slug));
        }}
        failText="The coupon could not be deleted"
      />
    </SettingsCard>
  );
}
