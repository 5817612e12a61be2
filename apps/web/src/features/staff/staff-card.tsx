import {
  ROLE_DESCRIPTIONS,
  ROLE_NAMES,
  STAFF_ROLES,
  type StaffInvite,
  type StaffMember,
  type StaffRole,
} from '@haat/contracts';
import { UserPlus, Users } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { filterControlClass } from '../../components/ui/filter-bar.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formFailureMessage, serverFieldErrors } from '../../lib/form-errors.ts';
import { formatDate } from '../../lib/format.ts';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { toast } from '../../lib/toast.ts';
import { staffApi, useRefreshStaff, useStaff } from './staff-api.ts';

const card = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6';
const small = buttonStyles.secondary.replace('px-5 py-2.5', 'px-3 py-1.5');

/** The owner's Staff card (issue 15): invite by email with a role, change a role, remove a person, cancel invites. */
export function StaffCard() {
  const list = useStaff();
  return (
    <section id="staff" aria-labelledby="staff-heading" className={`scroll-mt-20 ${card}`}>
      <h2 id="staff-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Users aria-hidden className="size-5 text-slate-500" />
        Staff
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        People who help run the shop sign in with their own account. Each role sees only what it needs.
      </p>
      <InviteForm />
      {list.data ? (
        <div className="mt-5 space-y-5">
          <ul aria-label="People" className="divide-y divide-slate-100">
            {list.data.members.map((m) => (
              <MemberRow key={m.user_id} member={m} />
            ))}
          </ul>
          {list.data.invites.length ? (
            <div>
              <h3 className="text-sm font-semibold text-slate-800">Invites waiting</h3>
              <ul aria-label="Invites waiting" className="mt-2 divide-y divide-slate-100">
                {list.data.invites.map((i) => (
                  <InviteRow key={i.id} invite={i} />
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      ) : (
        <div className="mt-5 flex justify-center py-6">
          <Spinner />
        </div>
      )}
    </section>
  );
}

function InviteForm() {
  const { shop } = useSelectedShop();
  const refresh = useRefreshStaff();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('PACKER');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const emailId = useId();
  const roleId = useId();
  const errorId = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!shop || busy) return;
    const address = email.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) return setError('Enter a valid email');
    setBusy(true);
    setError(null);
    try {
      await staffApi.invite(shop.slug, { email: address, role });
      toast.success(`Invite sent to ${address}`);
      setEmail('');
      await refresh();
    } catch (err) {
      setError(serverFieldErrors(err).email ?? formFailureMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Invite a person"
      className="mt-4 rounded-xl bg-slate-50 p-3 sm:p-4"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <label htmlFor={emailId} className="block min-w-0 flex-1 text-sm font-medium text-slate-800">
          Email
          <input
            id={emailId}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="name@example.com"
            aria-invalid={!!error || undefined}
            aria-describedby={error ? errorId : undefined}
            className={filterControlClass}
          />
        </label>
        <label htmlFor={roleId} className="block text-sm font-medium text-slate-800 sm:w-40">
          Role
          <select
            id={roleId}
            value={role}
            onChange={(e) => setRole(e.target.value as StaffRole)}
            className={filterControlClass}
          >
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_NAMES[r]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={busy} className={`${buttonStyles.primary} px-4`}>
          {busy ? <Spinner /> : <UserPlus aria-hidden className="size-4" />}
          Send invite
        </button>
      </div>
      <p className="mt-2 text-xs text-slate-600">
        {ROLE_NAMES[role]}: {ROLE_DESCRIPTIONS[role]}. The mail carries a one-time link, valid for 7 days.
      </p>
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function MemberRow({ member: m }: { member: StaffMember }) {
  const { shop } = useSelectedShop();
  const refresh = useRefreshStaff();
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const selectId = useId();
  const run = async (job: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await job();
      toast.success(done);
      await refresh();
    } catch {
      // Announced by the API client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{m.name}</p>
        <p className="truncate text-sm text-slate-500">{m.email}</p>
      </div>
      {m.role === 'OWNER' ? (
        <span className="text-sm font-semibold text-slate-700">Owner</span>
      ) : (
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="sr-only">
            Role of {m.name}
          </label>
          <select
            id={selectId}
            value={m.role}
            disabled={busy}
            onChange={(e) => {
              const role = e.target.value as StaffRole;
              if (shop)
                void run(
                  () => staffApi.setRole(shop.slug, m.user_id, role),
                  `${m.name} is now ${ROLE_NAMES[role]}`,
                );
            }}
            className={`${filterControlClass.replace('mt-1 ', '')} w-32`}
          >
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_NAMES[r]}
              </option>
            ))}
          </select>
          <button type="button" onClick={() => setConfirm(true)} disabled={busy} className={small}>
            Remove
          </button>
          <ConfirmDialog
            open={confirm}
            onClose={() => setConfirm(false)}
            title={`Remove ${m.name}?`}
            description={`${m.name} loses ${shop?.store_name ?? 'the shop'} at once; their account stays.`}
            confirmLabel="Remove"
            busy={busy}
            onConfirm={() => {
              setConfirm(false);
              if (shop) void run(() => staffApi.remove(shop.slug, m.user_id), `${m.name} was removed`);
            }}
          />
        </div>
      )}
    </li>
  );
}

function InviteRow({ invite: i }: { invite: StaffInvite }) {
  const { shop } = useSelectedShop();
  const refresh = useRefreshStaff();
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    if (!shop) return;
    setBusy(true);
    try {
      await staffApi.cancelInvite(shop.slug, i.id);
      toast.success(`Invite for ${i.email} cancelled`);
      await refresh();
    } catch {
      // Announced by the API client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">{i.email}</p>
        <p className="text-sm text-slate-500">
          {ROLE_NAMES[i.role]} · link valid until {formatDate(i.expires_at)}
        </p>
      </div>
      <button type="button" onClick={cancel} disabled={busy} className={small}>
        {busy ? <Spinner /> : null}
        Cancel invite
      </button>
    </li>
  );
}
