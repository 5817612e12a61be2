import type { OPERATOR_STATUSES, PlatformStatusBody } from '@haat/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormAlert, TextAreaField } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { type PlatformShop, useSetShopStatus } from './platform-api.ts';

type Target = (typeof OPERATOR_STATUSES)[number];

export const ACTION_TEXT: Record<Target, { title: string; button: string; hint: string }> = {
  SUSPENDED: {
    title: 'Suspend shop',
    button: 'Suspend shop',
    hint: 'Shoppers see "Shop Suspended"; the owner is mailed this reason and sees it in their back office.',
  },
  MAINTENANCE: {
    title: 'Put under maintenance',
    button: 'Put under maintenance',
    hint: 'Shoppers are told the shop is under maintenance; the owner is mailed.',
  },
  OFFLINE: { title: 'Take offline', button: 'Take offline', hint: 'Shoppers are told the shop is offline.' },
  PUBLISHED: {
    title: 'Lift and reopen',
    button: 'Reopen shop',
    hint: 'The shop is open to shoppers again and the owner is mailed.',
  },
};

/** Confirms an operator's status change, with the reason the owner is told (required to suspend). */
export function StatusDialog({
  shop,
  target,
  onClose,
}: {
  shop: PlatformShop | null;
  target: Target | null;
  onClose: () => void;
}) {
  const change = useSetShopStatus();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!shop) return;
    setReason('');
    setError(null);
  }, [shop]);
  if (!shop || !target) return null;
  const text = ACTION_TEXT[target];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (target === 'SUSPENDED' && !reason.trim()) {
      setError('Give the reason for the suspension');
      return;
    }
    const body: PlatformStatusBody = {
      online_status: target,
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    };
    change.mutate(
      { id: shop.id, body },
      {
        onSuccess: onClose,
        onError: (err) =>
          setError(
            err instanceof ApiError ? (err.envelope?.error.issues?.[0]?.message ?? err.message) : null,
          ),
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={text.title}
      description={`${shop.store_name} · ${shop.owner.email}`}
    >
      <form onSubmit={submit} className="space-y-4">
        <p className="text-sm text-slate-600">{text.hint}</p>
        {target !== 'PUBLISHED' ? (
          <TextAreaField
            label={target === 'SUSPENDED' ? 'Reason (required)' : 'Reason'}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={300}
            rows={3}
            error={error ?? undefined}
            data-autofocus
          />
        ) : error ? (
          <FormAlert>{error}</FormAlert>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={buttonStyles.secondary} onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className={target === 'SUSPENDED' ? buttonStyles.danger : buttonStyles.primary}
            disabled={change.isPending}
          >
            {change.isPending ? <Spinner /> : null}
            {text.button}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
