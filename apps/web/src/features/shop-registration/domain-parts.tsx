import { cleanDomainName, customDomainName, DOMAIN_MIN } from '@haat/contracts';
import { CheckCircle2, Globe, XCircle } from 'lucide-react';
import { useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { TextField } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import type { FieldErrors } from '../../lib/form-errors.ts';
import { type DnsRecord, wizardApi } from './wizard-api.ts';
import { StepCard } from './wizard-fields.tsx';
import type { Domain } from './wizard-state.ts';

const STATUS_TEXT = {
  available: 'Available!',
  unavailable: 'Not available',
  error: 'Please enter at least 3 characters',
};

type DomainProps = {
  storeId: string;
  platformDomain: string;
  value: Domain;
  address: string;
  onChange: (patch: Partial<Domain>) => void;
  errors: FieldErrors;
};

/** Step 4 on the Professional plan: a subdomain of the platform's, checked before continuing. */
export function SubdomainStep({ storeId, platformDomain, value, address, onChange, errors }: DomainProps) {
  const checkName = async () => {
    if (value.name.length < DOMAIN_MIN) return onChange({ status: 'error' });
    onChange({ status: 'checking' });
    const result = await wizardApi.checkDomain(storeId, value.name, 'subdomain').catch(() => null);
    onChange({ status: result?.status ? 'available' : 'unavailable' });
  };

  const message = value.status === 'checking' || value.status === 'none' ? null : STATUS_TEXT[value.status];
  return (
    <StepCard
      title="Domain Setup"
      intro="Choose your shop's subdomain: lowercase letters, digits and hyphens."
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <TextField
            label="Subdomain"
            value={value.name}
            maxLength={63}
            autoCapitalize="none"
            spellCheck={false}
            onChange={(e) => onChange({ name: cleanDomainName(e.target.value), status: 'none' })}
            error={
              value.status === 'error' || value.status === 'unavailable'
                ? (message ?? undefined)
                : errors.domain_name
            }
            hint={`.${platformDomain}`}
          />
        </div>
        <button
          type="button"
          className={`${buttonStyles.secondary} mt-7 shrink-0`}
          onClick={checkName}
          disabled={value.status === 'checking'}
        >
          {value.status === 'checking' ? <Spinner /> : null}
          Check
        </button>
      </div>
      <p aria-live="polite" className="min-h-5 text-sm">
        {value.status === 'available' ? (
          <span className="inline-flex items-center gap-1 font-semibold text-green-700">
            <CheckCircle2 aria-hidden className="size-4" />
            Available!
          </span>
        ) : value.status === 'checking' ? (
          'Checking...'
        ) : null}
      </p>
      <AddressBox
        label="Your shop will be at"
        address={value.name ? address : `http://your-shop.${platformDomain}`}
      />
    </StepCard>
  );
}

/** Step 4 on the Enterprise plan: a domain the vendor owns, recorded, then verified in DNS. */
export function CustomDomainStep({
  storeId,
  value,
  onChange,
  errors,
}: Omit<DomainProps, 'platformDomain' | 'address'>) {
  const [busy, setBusy] = useState(false);
  const [verifyMessage, setVerifyMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const recordCustom = async () => {
    const parsed = customDomainName.safeParse(value.name);
    if (!parsed.success) return onChange({ status: 'error' });
    setBusy(true);
    setVerifyMessage(null);
    const saved = await wizardApi.saveDomain(storeId, parsed.data, 'custom').catch(() => null);
    setBusy(false);
    if (saved)
      onChange({
        name: saved.domain_name,
        status: 'available',
        saved: { name: saved.domain_name, type: 'custom', dns: saved.dns_record, verified: saved.verified },
      });
    else onChange({ status: 'unavailable' });
  };

  const verify = async () => {
    setBusy(true);
    try {
      const res = await wizardApi.verifyDomain(storeId);
      setVerifyMessage({ ok: true, text: 'Domain verified: your shop now answers on it.' });
      if (value.saved) onChange({ saved: { ...value.saved, verified: res.verified } });
    } catch (err) {
      setVerifyMessage({ ok: false, text: err instanceof ApiError ? err.message : 'Verification failed' });
    }
    setBusy(false);
  };

  const dns = value.saved?.type === 'custom' ? value.saved.dns : null;
  return (
    <StepCard
      title="Domain Setup"
      intro="Connect a domain you own. We record it now; routing starts after it is verified in DNS."
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <TextField
            label="Custom domain"
            placeholder="shop.example.in"
            value={value.name}
            autoCapitalize="none"
            spellCheck={false}
            onChange={(e) =>
              onChange({ name: e.target.value.toLowerCase().replace(/[^a-z0-9.-]/g, ''), status: 'none' })
            }
            error={
              value.status === 'error'
                ? 'Enter a domain like shop.example.in'
                : value.status === 'unavailable'
                  ? 'Not available'
                  : errors.domain_name
            }
          />
        </div>
        <button
          type="button"
          className={`${buttonStyles.secondary} mt-7 shrink-0`}
          onClick={recordCustom}
          disabled={busy || !value.name}
        >
          {busy ? <Spinner /> : null}
          Save domain
        </button>
      </div>
      {dns && value.saved?.name === value.name ? (
        <DnsRecordBox dns={dns} busy={busy} onVerify={verify} verifyMessage={verifyMessage} />
      ) : null}
    </StepCard>
  );
}

/** The DNS record an Enterprise domain needs, and the button that checks it is there. */
function DnsRecordBox({
  dns,
  busy,
  onVerify,
  verifyMessage,
}: {
  dns: DnsRecord;
  busy: boolean;
  onVerify: () => void;
  verifyMessage: { ok: boolean; text: string } | null;
}) {
  return (
    <div className="space-y-3 rounded-xl bg-slate-50 p-4 text-sm ring-1 ring-slate-200">
      <p className="font-semibold text-slate-900">Create this DNS record at your domain provider:</p>
      <dl className="grid grid-cols-[5rem_1fr] gap-x-2 gap-y-1 break-all">
        <dt className="text-slate-500">Type</dt>
        <dd className="font-mono">{dns.type}</dd>
        <dt className="text-slate-500">Name</dt>
        <dd className="font-mono">{dns.name}</dd>
        <dt className="text-slate-500">Value</dt>
        <dd className="font-mono">{dns.value}</dd>
      </dl>
      <p className="text-slate-600">
        You can continue now and verify later; your shop answers on this domain only after verification.
      </p>
      <button type="button" className={buttonStyles.secondary} onClick={onVerify} disabled={busy}>
        Verify
      </button>
      {verifyMessage ? (
        <p role="status" className={verifyMessage.ok ? 'text-green-700' : 'text-red-700'}>
          {verifyMessage.ok ? null : <XCircle aria-hidden className="mr-1 inline size-4" />}
          {verifyMessage.text}
        </p>
      ) : null}
    </div>
  );
}

export function AddressBox({ label, address }: { label: string; address: string }) {
  return (
    <div className="flex items-start gap-3 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100">
      <Globe aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-600" />
      <div className="min-w-0">
        <p className="text-sm text-slate-600">{label}</p>
        <p className="font-mono text-sm font-semibold break-all text-slate-900">{address}</p>
      </div>
    </div>
  );
}
