import { type IrnBody, irnBody, type TaxDocumentSummary } from '@haat/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { FileJson, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { DetailPanel, DetailRow } from '../../components/ui/detail-panel.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormAlert, TextAreaField, TextField } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useMutation, useQueryClient } from '../../lib/query.ts';
import { adminCall, adminKey, useSelectedShop } from '../../lib/selected-shop.tsx';
import { useCan } from '../../lib/shop-role.ts';
import { toast } from '../../lib/toast.ts';
import { useAdminDownload } from '../../lib/use-admin-download.ts';
import type { TransactionDetails } from './transactions-api.ts';

/*
 * The e-invoice of a B2B invoice (issue 39): its JSON in the IRP's INV-01 format to upload on the e-invoice portal,
 * and the IRN, acknowledgement and signed QR the portal returns, entered once (they then print on the invoice).
 */

const EMPTY: IrnBody = { irn: '', ack_no: '', ack_date: '', signed_qr: '' };
const FIELDS = Object.keys(EMPTY) as (keyof IrnBody)[];

function useEnterIrn(doc: TaxDocumentSummary) {
  const { shop } = useSelectedShop();
  const slug = shop?.slug ?? '';
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: IrnBody) =>
      adminCall<TaxDocumentSummary>(slug, `/transaction/document/${doc.id}/irn/`, {
        method: 'PUT',
        body,
        silent: true,
      }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: adminKey(slug, 'transactions') }),
  });
}

/** The IRN form: the contract's schema checks it as typed; the server's refusals land on their fields. */
function useIrnForm(doc: TaxDocumentSummary, onDone: () => void) {
  const enter = useEnterIrn(doc);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<IrnBody>({ defaultValues: EMPTY, resolver: zodResolver(irnBody) });
  const submit = form.handleSubmit(async (body) => {
    setProblem(null);
    try {
      await enter.mutateAsync(body);
      toast.success('IRN entered', { description: `It now prints on invoice ${doc.number}` });
      form.reset(EMPTY);
      onDone();
    } catch (err) {
      const env = err instanceof ApiError ? err.envelope : undefined;
      const issues = env?.error.issues ?? [];
      // A refusal about the IRN itself (already entered, entered on another invoice) starts with "irn:".
      const named = env?.message?.startsWith('irn: ') ? [{ path: 'irn', message: env.message.slice(5) }] : [];
      const onFields = [...issues, ...named].filter((i) => FIELDS.includes(i.path as keyof IrnBody));
      for (const i of onFields)
        form.setError(i.path as keyof IrnBody, { type: 'server', message: i.message });
      if (!onFields.length) setProblem(err instanceof ApiError ? err.message : 'The IRN could not be saved');
    }
  });
  return { form, submit, problem, busy: enter.isPending };
}

function IrnDialog({ doc, open, onClose }: { doc: TaxDocumentSummary; open: boolean; onClose: () => void }) {
  const { form, submit, problem, busy } = useIrnForm(doc, onClose);
  const { register, formState } = form;
  const error = (k: keyof IrnBody) => formState.errors[k]?.message;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Enter IRN"
      description={`What the e-invoice portal returned for ${doc.number}. An IRN cannot be changed once entered.`}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormAlert>{problem}</FormAlert>
        <TextField
          label="IRN"
          {...register('irn')}
          error={error('irn')}
          autoComplete="off"
          spellCheck={false}
          hint="64 characters, digits and a to f"
          data-autofocus
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Ack No" {...register('ack_no')} error={error('ack_no')} inputMode="numeric" />
          <TextField
            label="Ack Date"
            {...register('ack_date')}
            error={error('ack_date')}
            placeholder="2026-12-07 14:05:00"
            hint="As the portal shows it (India time)"
          />
        </div>
        <TextAreaField
          label="Signed QR code"
          {...register('signed_qr')}
          error={error('signed_qr')}
          rows={4}
          spellCheck={false}
          hint="The SignedQRCode text (a long code with two dots)"
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={buttonStyles.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonStyles.primary} disabled={busy}>
            {busy ? <Spinner /> : null}
            Save IRN
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function Entered({ doc }: { doc: TaxDocumentSummary }) {
  return (
    <dl>
      <DetailRow label="IRN">
        <span className="font-mono text-xs break-all">{doc.irn}</span>
      </DetailRow>
      <DetailRow label="Ack No">{doc.irn_ack_no}</DetailRow>
      <DetailRow label="Ack Date">{doc.irn_ack_at ? formatDateTime(doc.irn_ack_at) : null}</DetailRow>
    </dl>
  );
}

/** The e-invoice panel of a transaction whose invoice is B2B; nothing for any other. */
export function EinvoicePanel({ t }: { t: TransactionDetails }) {
  const doc = t.documents.find((d) => d.kind === 'INVOICE' && d.b2b);
  const mayEnter = useCan('orders.manage');
  const download = useAdminDownload();
  const [entering, setEntering] = useState(false);
  if (!doc) return null;
  const json = () =>
    download.run('einvoice', (req) =>
      downloadFile(
        `/api/admin/transaction/einvoice.json?document_id=${doc.id}`,
        `einvoice-${doc.number.replaceAll('/', '-')}.json`,
        { ...req, errorMessage: 'The e-invoice could not be made' },
      ),
    );
  return (
    <DetailPanel title="E-invoice">
      {doc.irn ? (
        <Entered doc={doc} />
      ) : (
        <p className="text-sm text-slate-700">
          Upload the e-invoice JSON of <span className="whitespace-nowrap">{doc.number}</span> on the
          e-invoice portal (IRP), then enter the IRN it returns: it prints on the invoice with its QR code.
        </p>
      )}
      <div className="mt-3 grid gap-2 sm:flex sm:flex-wrap">
        <button
          type="button"
          className={buttonStyles.secondary}
          onClick={json}
          disabled={download.busy !== null}
        >
          {download.busy ? <Spinner /> : <FileJson aria-hidden className="size-4" />}
          Download e-invoice JSON
        </button>
        {!doc.irn && mayEnter ? (
          <button type="button" className={buttonStyles.primary} onClick={() => setEntering(true)}>
            <KeyRound aria-hidden className="size-4" />
            Enter IRN
          </button>
        ) : null}
      </div>
      <IrnDialog doc={doc} open={entering} onClose={() => setEntering(false)} />
    </DetailPanel>
  );
}
