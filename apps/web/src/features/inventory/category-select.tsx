import { Plus } from 'lucide-react';
import { type Ref, useId, useRef, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { useQueryClient } from '../../lib/query.ts';
import { type FieldControl, selectClass } from './form-field.tsx';
import { type Category, inventoryApi, inventoryKeys, useCategories, useShopSlug } from './inventory-api.ts';

const linkButton =
  'mt-1.5 inline-flex items-center gap-1 rounded text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500';

/**
 * The Category select with "+ Add New Category" (02 §2, §5): a name typed inline is created and selected;
 * a blank name, or one the shop already has, sends nothing (the existing category is selected).
 */
export function CategorySelect({
  control,
  value,
  onChange,
  onBlur,
  selectRef,
  invalid,
}: {
  control: FieldControl;
  value: string;
  onChange: (id: string) => void;
  onBlur: () => void;
  selectRef: Ref<HTMLSelectElement>;
  invalid: boolean;
}) {
  const categories = useCategories();
  const list = categories.data ?? [];
  const adder = useAddCategory(list, onChange);
  const { adding, setAdding } = adder;

  return (
    <>
      <select
        {...control}
        ref={selectRef}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        className={`mt-1.5 ${selectClass(invalid)}`}
      >
        <option value="">{categories.isPending ? 'Loading categories..' : 'Select a category'}</option>
        {list.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      {adding ? (
        <NewCategoryBox adder={adder} />
      ) : (
        <button type="button" onClick={() => setAdding(true)} className={linkButton}>
          <Plus aria-hidden className="size-4" />
          Add New Category
        </button>
      )}
    </>
  );
}

/** "+ Add New Category": the name typed, added (or the existing one chosen) and selected. */
function useAddCategory(list: Category[], onChange: (id: string) => void) {
  const slug = useShopSlug();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const newId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const add = async () => {
    const clean = name.trim().replace(/\s+/g, ' ');
    if (!clean) {
      inputRef.current?.focus();
      return;
    }
    const existing = list.find((c) => c.name.toLowerCase() === clean.toLowerCase());
    if (existing) {
      onChange(existing.id);
      setAdding(false);
      setName('');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const created = await inventoryApi.addCategory(slug, clean);
      queryClient.setQueryData<Category[]>(inventoryKeys.categories(slug), (old) =>
        old ? [...old.filter((c) => c.id !== created.id), created] : [created],
      );
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.categories(slug) });
      onChange(created.id);
      setAdding(false);
      setName('');
    } catch (err) {
      // Said here: a toast would sit behind the dialog's backdrop.
      setProblem(err instanceof ApiError && err.message ? err.message : 'The category could not be added');
    } finally {
      setBusy(false);
    }
  };

  return { adding, setAdding, name, setName, busy, problem, setProblem, newId, inputRef, add };
}

function NewCategoryBox({ adder }: { adder: ReturnType<typeof useAddCategory> }) {
  const { name, setName, busy, problem, setProblem, newId, inputRef, setAdding } = adder;
  return (
    <div className="mt-2 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
      <label htmlFor={newId} className="block text-xs font-medium text-slate-700">
        New category name
      </label>
      <div className="mt-1 flex gap-2">
        <input
          ref={inputRef}
          id={newId}
          value={name}
          maxLength={80}
          autoComplete="off"
          // biome-ignore lint/a11y/noAutofocus: the field the vendor just asked for
          autoFocus
          onChange={(e) => {
            setName(e.target.value);
            setProblem(null);
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${newId}-error` : undefined}
          onKeyDown={(e) => {
            // Enter adds the category; it must not submit the product form around it.
            if (e.key === 'Enter') {
              e.preventDefault();
              void adder.add();
            }
            if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              setAdding(false);
            }
          }}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none sm:text-sm"
        />
        <button
          type="button"
          onClick={() => void adder.add()}
          disabled={busy}
          className={`${buttonStyles.primary} shrink-0 px-3 py-2`}
        >
          {busy ? <Spinner /> : null}
          Add Category
        </button>
      </div>
      {problem ? (
        <p id={`${newId}-error`} role="alert" className="mt-1 text-sm text-red-600">
          {problem}
        </p>
      ) : null}
      <button
        type="button"
        onClick={() => setAdding(false)}
        className="mt-1 text-xs font-medium text-slate-600 hover:underline"
      >
        Cancel
      </button>
    </div>
  );
}
