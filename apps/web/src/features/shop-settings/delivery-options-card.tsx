import { Pencil, Plus, Star, Trash2, Truck } from 'lucide-react';
import { useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { ApiError, announceFailure } from '../../lib/api.ts';
import { formatAmount } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { DeleteConfirm } from './delete-confirm.tsx';
import { DeliveryOptionDialog } from './delivery-option-dialog.tsx';
import {
  type AdminDeliveryOption,
  settingsApi,
  settingsKeys,
  useDeliveryOptions,
  useRefreshSettings,
  useShopSettings,
} from './settings-api.ts';
import { CardState, SettingsCard, smallButton } from './settings-ui.tsx';

const money = formatAmount;

const days = (o: AdminDeliveryOption) =>
  o.min_days === o.max_days
    ? `${o.max_days} day${o.max_days === 1 ? '' : 's'}`
    : `${o.min_days}-${o.max_days} days`;

/** The estimate as typed, with the day count behind the expected date when the text does not already say it. */
const estimate = (o: AdminDeliveryOption) => {
  const said = o.min_days === o.max_days ? String(o.max_days) : `${o.min_days}-${o.max_days}`;
  return o.estimated_time.includes(said) ? o.estimated_time : `${o.estimated_time} · ${days(o)}`;
};

function price(o: AdminDeliveryOption) {
  if (o.charge === 0) return 'FREE';
  return o.free_above == null ? money(o.charge) : `${money(o.charge)}, free above ${money(o.free_above)}`;
}

/** A body to send back for a one-click change (recommend) from what the list already shows. */
const bodyOf = (o: AdminDeliveryOption) => ({
  name: o.name,
  estimated_time: o.estimated_time,
  description: o.description,
  charge: o.charge,
  free_above: o.free_above,
  honours_free_shipping: o.honours_free_shipping,
  is_recommended: o.is_recommended,
  min_days: o.min_days,
  max_days: o.max_days,
  position: o.position,
  active: o.active,
});

function OptionRow({
  option,
  onEdit,
  onDelete,
  onRecommend,
  recommending,
}: {
  option: AdminDeliveryOption;
  onEdit: () => void;
  onDelete: () => void;
  onRecommend: () => void;
  recommending: boolean;
}) {
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold break-words text-slate-900">{option.name}</p>
          {option.is_recommended ? (
            <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-200">
              Recommended
            </span>
          ) : null}
          {option.active ? null : (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-600 ring-1 ring-slate-200">
              Not offered
            </span>
          )}
        </div>
        <p className="mt-0.5 text-sm text-slate-600">{estimate(option)}</p>
        {option.description ? (
          <p className="text-sm break-words text-slate-500">{option.description}</p>
        ) : null}
      </div>
      <p className="text-sm font-semibold text-slate-900 sm:w-52 sm:text-right">{price(option)}</p>
      <div className="flex flex-wrap gap-2 sm:justify-end">
        {option.is_recommended || !option.active ? null : (
          <button
            type="button"
            onClick={onRecommend}
            disabled={recommending}
            className={smallButton(buttonStyles.ghost)}
            aria-label={`Recommend ${option.name}`}
          >
            <Star aria-hidden className="size-4" />
            Recommend
          </button>
        )}
        <button
          type="button"
          onClick={onEdit}
          className={smallButton(buttonStyles.secondary)}
          aria-label={`Edit ${option.name}`}
        >
          <Pencil aria-hidden className="size-4" />
          Edit
        </button>
        <button
          type="button"
          onClick={onDelete}
          className={`${smallButton(buttonStyles.secondary)} text-red-700`}
          aria-label={`Delete ${option.name}`}
        >
          <Trash2 aria-hidden className="size-4" />
          Delete
        </button>
      </div>
    </li>
  );
}

/** Makes one option the recommended one (checkout preselects it), with a busy flag. */
function useRecommend(slug: string) {
  const refresh = useRefreshSettings();
  const [busy, setBusy] = useState(false);
  const recommend = async (o: AdminDeliveryOption) => {
    setBusy(true);
    try {
      await settingsApi.saveDeliveryOption(slug, o.id, { ...bodyOf(o), is_recommended: true });
      toast.success(`${o.name} is now recommended`);
      await refresh(settingsKeys.deliveryOptions(slug));
    } catch (err) {
      if (err instanceof ApiError)
        announceFailure(err.status, err.message, `${o.name} could not be recommended`);
    } finally {
      setBusy(false);
    }
  };
  return { recommend, busy };
}

function DeliveryNote({ threshold }: { threshold: number | null | undefined }) {
  return (
    <>
      <p>What shoppers choose from at checkout, in this order; the first is preselected.</p>
      {threshold != null ? (
        <p className="mt-1">
          Product pages say <strong>free shipping above {money(threshold)}</strong>: the lowest “free above”
          of the options you offer.
        </p>
      ) : null}
    </>
  );
}

/** Delivery options (checkout's choices): list, add, edit, recommend, delete. */
export function DeliveryOptionsCard({ slug }: { slug: string }) {
  const options = useDeliveryOptions(slug);
  const settings = useShopSettings(slug);
  const refresh = useRefreshSettings();
  const [editing, setEditing] = useState<AdminDeliveryOption | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<AdminDeliveryOption | null>(null);
  const open = (o: AdminDeliveryOption | null) => {
    setEditing(o);
    setDialogOpen(true);
  };

  const { recommend, busy } = useRecommend(slug);

  const list = options.data ?? [];
  return (
    <SettingsCard
      id="delivery"
      title="Delivery options"
      description={<DeliveryNote threshold={settings.data?.free_shipping_above} />}
      action={
        <button type="button" onClick={() => open(null)} className={buttonStyles.primary}>
          <Plus aria-hidden className="size-4" />
          Add option
        </button>
      }
    >
      <CardState loading={options.isPending} error={options.isError} onRetry={() => options.refetch()} />
      {options.data && list.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Truck aria-hidden className="size-4" />
          No delivery options yet. Add one so shoppers can check out.
        </p>
      ) : null}
      {list.length ? (
        <ul aria-label="Delivery options" className="-my-4 divide-y divide-slate-100">
          {list.map((o) => (
            <OptionRow
              key={o.id}
              option={o}
              onEdit={() => open(o)}
              onDelete={() => setDeleting(o)}
              onRecommend={() => recommend(o)}
              recommending={busy}
            />
          ))}
        </ul>
      ) : null}
      <DeliveryOptionDialog
        slug={slug}
        open={dialogOpen}
        option={editing}
        onClose={() => setDialogOpen(false)}
      />
      <DeleteConfirm
        item={deleting}
        onClose={() => setDeleting(null)}
        title="Delete delivery option"
        describe={(o) =>
          `Delete ${o.name}? Shoppers will no longer see it. Orders already placed keep their delivery details.`
        }
        remove={async (o) => {
          await settingsApi.removeDeliveryOption(slug, o.id);
          toast.success('Delivery option deleted', { description: o.name });
          void refresh(settingsKeys.all(slug));
        }}
        failText="The delivery option could not be deleted"
      />
    </SettingsCard>
  );
}
