import { type ExpenseBody, type ExpenseInput, expenseBody } from '@haat/contracts';
import { toNestErrors } from '@hookform/resolvers';
import { useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { serverFieldErrors } from '../../lib/form-errors.ts';
import { formatAmount } from '../../lib/format.ts';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { toast } from '../../lib/toast.ts';
import { booksApi, type Expense, useRefreshBooks } from './books-api.ts';
import { istToday } from './books-dates.ts';

/** What the form's inputs hold: text as typed (amounts too, so "-50" reaches the schema and is refused). */
export interface ExpenseValues {
  category: string;
  spent_on: string;
  amount: string;
  gst: string;
  payee: string;
  payee_gstin: string;
  description: string;
  method: ExpenseInput['method'];
  from_register: boolean;
  receipt_image: string | null;
}
export const EXPENSE_FIELDS = [
  'category',
  'spent_on',
  'amount',
  'gst',
  'payee',
  'payee_gstin',
  'description',
  'method',
  'from_register',
  'receipt_image',
] as const;

const initial = (x: Expense | null): ExpenseValues => ({
  category: x?.category ?? '',
  spent_on: x?.spent_on ?? istToday(),
  amount: x ? String(x.amount) : '',
  gst: x?.gst ? String(x.gst) : '',
  payee: x?.payee ?? '',
  payee_gstin: x?.payee_gstin ?? '',
  description: x?.description ?? '',
  method: x?.method ?? 'UPI',
  from_register: x?.from_register ?? false,
  receipt_image: x?.receipt_image ?? null,
});

/** A typed amount as the wire wants it: a number (so a word is refused by the schema), '' as left out. */
const amountOf = (text: string) =>
  text.trim() === '' ? undefined : Number.isNaN(Number(text)) ? text : Number(text);

export const bodyOf = (v: ExpenseValues): ExpenseBody => ({
  category: v.category,
  spent_on: v.spent_on,
  amount: amountOf(v.amount) as number,
  gst: (amountOf(v.gst) ?? 0) as number,
  payee: v.payee || null,
  payee_gstin: v.payee_gstin || null,
  description: v.description || null,
  method: v.method,
  from_register: v.method === 'CASH' && v.from_register,
  receipt_image: v.receipt_image,
});

/** The shared wire schema checks the form, and each issue lands on the field it names. */
const resolver: Resolver<ExpenseValues, unknown, ExpenseBody> = async (values, _c, options) => {
  const body = bodyOf(values);
  const result = expenseBody.safeParse(body);
  if (result.success) return { values: body, errors: {} };
  const flat: Record<string, { type: string; message: string }> = {};
  for (const i of result.error.issues) {
    const path = i.path.map(String).join('.');
    if (path && !flat[path]) flat[path] = { type: 'validate', message: i.message };
  }
  return { values: {}, errors: toNestErrors(flat as FieldErrors, options) as FieldErrors<ExpenseValues> };
};

/** The expense form's state: record (expense null) or change one; the server's field problems on their fields. */
export function useExpenseForm(expense: Expense | null, onDone: () => void) {
  const { shop } = useSelectedShop();
  const refresh = useRefreshBooks();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<ExpenseValues, unknown, ExpenseBody>({ defaultValues: initial(expense), resolver });
  const submit = form.handleSubmit(async (body) => {
    setProblem(null);
    const slug = shop?.slug ?? '';
    try {
      const saved = expense ? await booksApi.save(slug, expense.id, body) : await booksApi.add(slug, body);
      void refresh();
      toast.success(expense ? 'Expense saved' : 'Expense recorded', {
        description: `${saved.category}: ${formatAmount(saved.amount)}`,
      });
      onDone();
    } catch (err) {
      const fields = serverFieldErrors(err);
      const named = Object.entries(fields).filter(([k]) => (EXPENSE_FIELDS as readonly string[]).includes(k));
      for (const [k, message] of named)
        form.setError(k as (typeof EXPENSE_FIELDS)[number], { type: 'server', message });
      if (!named.length)
        setProblem(err instanceof Error && err.message ? err.message : 'The expense could not be saved');
    }
  });
  return { form, submit, problem, busy: form.formState.isSubmitting };
}
