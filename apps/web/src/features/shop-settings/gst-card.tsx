import { gstSettingsBody } from '@haat/contracts';
import { TextField } from '../../components/ui/fields.tsx';
import { useQuery, useQueryClient } from '../../lib/query.ts';
import { adminCall, adminKey } from '../../lib/selected-shop.tsx';
import { schemaResolver } from './form-support.ts';
import { SettingsForm, useSettingsForm } from './settings-form.tsx';
import { CardState, SettingsCard } from './settings-ui.tsx';

interface Gst {
  gstin: string | null;
  legal_name: string | null;
  state: string | null;
}

interface GstValues {
  gstin: string;
  legal_name: string;
}
type GstBody = { gstin: string; legal_name: string };
const FIELDS = ['gstin', 'legal_name'] as const;
const gstKey = (slug: string) => adminKey(slug, 'settings', 'gst');
const initial = (g: Gst): GstValues => ({ gstin: g.gstin ?? '', legal_name: g.legal_name ?? '' });
const resolver = schemaResolver<GstValues, GstBody>(
  (b) => gstSettingsBody.safeParse(b),
  (v) => v,
);

function GstForm({ slug, data }: { slug: string; data: Gst }) {
  const qc = useQueryClient();
  const state = useSettingsForm<GstValues, GstBody, Gst>({
    defaultValues: initial(data),
    resolver,
    fields: FIELDS,
    save: (body) => adminCall<Gst>(slug, '/store-setting/gst/', { method: 'PUT', body, silent: true }),
    onSaved: (saved, form) => {
      qc.setQueryData(gstKey(slug), saved);
      form.reset(initial(saved));
    },
    saved: () => ({ title: 'Success', description: 'GST details saved' }),
    failure: 'The GST details could not be saved.',
  });
  const { errors } = state;
  const gstin = state.form.register('gstin');
  return (
    <SettingsForm label="GST details" state={state} saveLabel="Save GST details" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="GSTIN"
          {...gstin}
          onChange={(e) => {
            e.target.value = e.target.value.toUpperCase();
            return gstin.onChange(e);
          }}
          error={errors.gstin?.message}
          hint={data.state ? `Registered in ${data.state}` : undefined}
          maxLength={15}
          autoComplete="off"
        />
        <TextField
          label="Legal name (as on the GST certificate)"
          {...state.form.register('legal_name')}
          error={errors.legal_name?.message}
        />
      </div>
    </SettingsForm>
  );
}

/**
 * GST registration: with a GSTIN (checked with its check digit, of the shop's state) every order that ships gets a
 * tax invoice; without one, a bill of supply.
 */
export function GstCard({ slug }: { slug: string }) {
  const gst = useQuery({
    queryKey: gstKey(slug),
    queryFn: ({ signal }) => adminCall<Gst>(slug, '/store-setting/gst/', { signal, silent: true }),
  });
  return (
    <SettingsCard
      id="gst"
      title="GST & invoices"
      description={
        gst.data?.gstin
          ? 'Orders get a tax invoice when they ship, numbered from your own series each financial year.'
          : 'Without a GSTIN your shop issues a bill of supply (no tax lines). Add it to issue tax invoices.'
      }
    >
      <CardState loading={gst.isPending} error={gst.isError} onRetry={() => gst.refetch()} />
      {gst.data ? <GstForm slug={slug} data={gst.data} /> : null}
    </SettingsCard>
  );
}
