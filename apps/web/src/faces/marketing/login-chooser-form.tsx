import { Check, Store, UserRound } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { paths } from '../../app/paths.ts';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Link, useNavigate } from '../../lib/router.tsx';

export type UserType = 'vendor' | 'customer';

const CHOICES: { type: UserType; title: string; description: string; icon: ReactNode }[] = [
  {
    type: 'vendor',
    title: 'Login as Vendor',
    description: 'Manage products, orders and business dashboard',
    icon: <Store aria-hidden className="size-6" />,
  },
  {
    type: 'customer',
    title: 'Login as Customer',
    description: 'Browse products, place orders, track purchases',
    icon: <UserRound aria-hidden className="size-6" />,
  },
];

/** The chooser's body: two selectable cards (a radio group), Continue to Login and Sign up here. */
export function LoginChooserForm({ preselect }: { preselect: UserType | null }) {
  const [selected, setSelected] = useState<UserType | null>(preselect);
  const navigate = useNavigate();
  const groupName = useId();

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (selected) navigate(paths.login(selected));
      }}
    >
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="sr-only">Account type</legend>
        {CHOICES.map((choice, i) => (
          <ChoiceCard
            key={choice.type}
            name={groupName}
            choice={choice}
            checked={selected === choice.type}
            autoFocus={selected ? selected === choice.type : i === 0}
            onSelect={() => setSelected(choice.type)}
          />
        ))}
      </fieldset>
      <button type="submit" disabled={!selected} className={`${buttonStyles.primary} mt-6 w-full py-3`}>
        Continue to Login
      </button>
      <p className="mt-4 text-center text-sm text-slate-600">
        Don't have an account?{' '}
        <Link to={paths.login()} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          Sign up here
        </Link>
      </p>
    </form>
  );
}

function ChoiceCard({
  name,
  choice,
  checked,
  autoFocus,
  onSelect,
}: {
  name: string;
  choice: (typeof CHOICES)[number];
  checked: boolean;
  autoFocus: boolean;
  onSelect: () => void;
}) {
  const titleId = useId();
  const descId = useId();
  return (
    <label
      className={`relative flex cursor-pointer flex-col gap-2 rounded-xl border-2 p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500 ${
        checked ? 'border-brand-500 bg-brand-50' : 'border-slate-200 hover:border-brand-500/60'
      }`}
    >
      <input
        type="radio"
        name={name}
        value={choice.type}
        checked={checked}
        onChange={onSelect}
        aria-labelledby={titleId}
        aria-describedby={descId}
        data-autofocus={autoFocus ? '' : undefined}
        className="sr-only"
      />
      <span
        className={`flex size-11 items-center justify-center rounded-lg ${
          checked ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-700'
        }`}
      >
        {choice.icon}
      </span>
      <span id={titleId} className="font-semibold text-slate-900">
        {choice.title}
      </span>
      <span id={descId} className="text-sm text-slate-600">
        {choice.description}
      </span>
      {checked ? (
        <span className="absolute top-3 right-3 flex size-6 items-center justify-center rounded-full bg-brand-700 text-white">
          <Check aria-hidden className="size-4" />
        </span>
      ) : null}
    </label>
  );
}
