import { EXPENSE_METHOD_NAMES, EXPENSE_METHODS } from '@haat/contracts';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import {
  CheckboxField,
  FormAlert,
  SelectField,
  TextAreaField,
  TextField,
} from '../../components/ui/fields.tsx';
import { MoneyField } from '../../components/ui/money-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { Expense } from './books-api.ts';
import { ReceiptField } from './receipt-field.tsx';
import { useExpenseForm } from './use-expense-form.ts';

/** Record an expense (`expense` 'new') or change one; closed when null. */
export function ExpenseDialog({
  expense,
  categories,
  onClose,
}: {
  expense: Expense | 'new' | null;
  categories: string[];
  onClose: () => void;
}) {
  const editing = expense && expense !== 'new' ? expense : null;
  return (
    <Dialog
      open={!!expense}
      onClose={onClose}
      title={editing ? 'Edit expense' : 'Record expense'}
      description="The amount includes GST; enter the GST in it if the bill shows it (your input tax)."
    >
      {expense ? (
        <ExpenseForm key={editing?.id ?? 'new'} expense={editing} categories={categories} onDone={onClose} />
      ) : null}
    </Dialog>
  );
}

function ExpenseForm({
  expense,
  categories,
  onDone,
}: {
  expense: Expense | null;
  categories: string[];
  onDone: () => void;
}) {
  const listId = useId();
  const { form, submit, problem, busy } = useExpenseForm(expense, onDone);
  const { register, control, watch, formState } = form;
  const e = formState.errors;
  const cash = watch('method') === 'CASH';
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Expense">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Category"
          list={listId}
          autoComplete="off"
          error={e.category?.message}
          data-autofocus
          {...register('category')}
        />
        <datalist id={listId}>
          {categories.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <TextField label="Date" type="date" error={e.spent_on?.message} {...register('spent_on')} />
        <Controller
          control={control}
          name="amount"
          render={({ field }) => (
            <MoneyField
              label="Amount (GST included)"
              value={field.value}
              onValue={field.onChange}
              onBlur={field.onBlur}
              error={e.amount?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="gst"
          render={({ field }) => (
            <MoneyField
              label="GST in it (optional)"
              value={field.value}
              onValue={field.onChange}
              onBlur={field.onBlur}
              error={e.gst?.message}
            />
          )}
        />
        <TextField label="Paid to" autoComplete="off" error={e.payee?.message} {...register('payee')} />
        <TextField
          label="Payee GSTIN (optional)"
          autoComplete="off"
          error={e.payee_gstin?.message}
          {...register('payee_gstin')}
        />
        <SelectField label="Paid by" error={e.method?.message} {...register('method')}>
          {EXPENSE_METHODS.map((m) => (
            <option key={m} value={m}>
              {EXPENSE_METHOD_NAMES[m]}
            </option>
          ))}
        </SelectField>
      </div>
      {cash ? (
        <Controller
          control={control}
          name="from_register"
          render={({ field }) => (
            <CheckboxField checked={field.value} onChange={field.onChange} error={e.from_register?.message}>
              Paid from the counter's cash drawer (your open register pays it)
            </CheckboxField>
          )}
        />
      ) : null}
      <TextAreaField
        label="Description (optional)"
        rows={2}
        error={e.description?.message}
        {...register('description')}
      />
      <Controller
        control={control}
        name="receipt_image"
        render={({ field }) => (
          <ReceiptField value={field.value} onChange={field.onChange} error={e.receipt_image?.message} />
        )}
      />
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onDone} className={buttonStyles.secondary}>
          Cancel
        </button>
        <button type="submit" disabled={busy} className={buttonStyles.primary}>
          {busy ? <Spinner /> : null}
          {expense ? 'Save expense' : 'Record expense'}
        </button>
      </div>
    </form>
  );
}
