import { gstSettingsBody } from '@haat/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { TextField } from '../../components/ui/fields.tsx';
import { type FieldErrors, serverFieldErrors, validate } from '../../lib/form-errors.ts';
import { useMutation, useQuery, useQueryClient } from '../../lib/query.ts';
import { adminCall, adminKey } from '../../lib/selected-shop.tsx';
import { toast } from '../../lib/toast.ts';
import { CardState, FormProblem, problemText, SaveButton, SettingsCard } from './settings-ui.tsx';

interface Gst {
  gstin: string | null;
  legal_name: string | null;
  state: string | null;
}

/**
 * GST registration: with a GSTIN (checked with its check digit, of the shop's state) every order that ships gets a
 * tax invoice; without one, a bill of supply.
 */
export function GstCard({ slug }: { slug: string }) {
  const key = adminKey(slug, 'settings', 'gst');
  const qc = useQueryClient();
  const gst = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => adminCall<Gst>(slug, '/store-setting/gst/', { signal, silent: true }),
  });
  const [gstin, setGstin] = useState('');
  const [legalName, setLegalName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!gst.data) return;
    setGstin(gst.data.gstin ?? '');
    setLegalName(gst.data.legal_name ?? '');
  }, [gst.data]);
  const save = useMutation({
    mutationFn: (body: { gstin: string; legal_name: string }) =>
      adminCall<Gst>(slug, '/store-setting/gst/', { method: 'PUT', body, silent: true }),
    onSuccess: (data) => {
      qc.setQueryData(key, data);
      toast.success('Success', { description: 'GST details saved' });
    },
    onError: (err) => {
      const fields = serverFieldErrors(err);
      if (Object.keys(fields).length) setErrors(fields);
      else setProblem(problemText(err, 'The GST details could not be saved.'));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const checked = validate(gstSettingsBody.safeParse({ gstin, legal_name: legalName }));
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    save.mutate({ gstin: checked.data.gstin, legal_name: checked.data.legal_name });
  };
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
      {gst.data ? (
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="GSTIN"
            value={gstin}
            onChange={(e) => setGstin(e.target.value.toUpperCase())}
            error={errors.gstin}
            hint={gst.data.state ? `Registered in ${gst.data.state}` : undefined}
            maxLength={15}
            autoComplete="off"
          />
          <TextField
            label="Legal name (as on the GST certificate)"
            value={legalName}
            onChange={(e) => setLegalName(e.target.value)}
            error={errors.legal_name}
          />
          {problem ? (
            <div className="sm:col-span-2">
              <FormProblem>{problem}</FormProblem>
            </div>
          ) : null}
          <div className="sm:col-span-2">
            <SaveButton busy={save.isPending} label="Save GST details" />
          </div>
        </form>
      ) : null}
    </SettingsCard>
  );
}
