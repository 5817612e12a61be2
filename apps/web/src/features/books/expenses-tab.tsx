import { Pencil, Plus, Receipt, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FilterBar, FilterSelect, filterControlClass } from '../../components/ui/filter-bar.tsx';
import { ListLayout } from '../../components/ui/list-layout.tsx';
import { formatAmount } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { type Expense, useDeleteExpense, useExpenses } from './books-api.ts';
import { istMonth, monthName } from './books-dates.ts';
import { EXPENSE_COLUMNS } from './expense-columns.tsx';
import { ExpenseDialog } from './expense-dialog.tsx';

const PAGE_SIZE = 20;
const small = `${buttonStyles.secondary} px-3 py-1.5 text-sm`;

/** The month's expenses by category, with their total, and the buttons that record, change and delete them. */
export function ExpensesTab() {
  const [month, setMonth] = useState(istMonth());
  const [category, setCategory] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Expense | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Expense | null>(null);
  const list = useExpenses({
    month: month || undefined,
    category: category || undefined,
    page,
    page_size: PAGE_SIZE,
  });
  const data = list.data;
  const active = month !== istMonth() || category !== '';
  return (
    <section aria-label="Expenses" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700" aria-live="polite">
          {data ? (
            <>
              {month ? monthName(month) : 'All months'}:{' '}
              <span className="font-semibold text-slate-900">{formatAmount(data.total)}</span> in {data.count}{' '}
              expense{data.count === 1 ? '' : 's'}
              {data.gst_total > 0 ? `, GST input ${formatAmount(data.gst_total)}` : ''}
            </>
          ) : (
            'Loading expenses…'
          )}
        </p>
        <button type="button" className={buttonStyles.primary} onClick={() => setEditing('new')}>
          <Plus aria-hidden className="size-4" />
          Record expense
        </button>
      </div>
      <ListLayout
        label="Expense list"
        filters={
          <FilterBar
            label="Filter expenses"
            active={active}
            onClear={() => {
              setMonth(istMonth());
              setCategory('');
              setPage(1);
            }}
          >
            <label className="block min-w-0 text-sm font-medium text-slate-800 lg:w-44">
              Month
              <input
                type="month"
                value={month}
                onChange={(e) => {
                  setMonth(e.target.value);
                  setPage(1);
                }}
                className={filterControlClass}
              />
            </label>
            <FilterSelect
              label="Category"
              value={category}
              width="lg:w-56"
              onChange={(v) => {
                setCategory(v);
                setPage(1);
              }}
              options={[
                { value: '', label: 'All categories' },
                ...(data?.categories ?? []).map((c) => ({ value: c, label: c })),
              ]}
            />
          </FilterBar>
        }
        query={list}
        rows={data?.results ?? []}
        paging={{
          page,
          pageSize: PAGE_SIZE,
          total: data?.count ?? 0,
          noun: ['expense', 'expenses'],
          onPage: setPage,
        }}
        table={{
          caption: 'Expenses',
          columns: EXPENSE_COLUMNS,
          rowKey: (x) => x.id,
          rowLabel: (x) => `${x.category} ${formatAmount(x.amount)}`,
          actions: (x) => (
            <div className="flex gap-2 md:justify-end">
              <button
                type="button"
                className={small}
                onClick={() => setEditing(x)}
                aria-label={`Edit ${x.category} ${formatAmount(x.amount)}`}
              >
                <Pencil aria-hidden className="size-4" />
                Edit
              </button>
              <button
                type="button"
                className={small}
                onClick={() => setDeleting(x)}
                aria-label={`Delete ${x.category} ${formatAmount(x.amount)}`}
              >
                <Trash2 aria-hidden className="size-4" />
                Delete
              </button>
            </div>
          ),
        }}
        errorText="The expenses could not be loaded."
        empty={
          <EmptyState
            icon={<Receipt aria-hidden className="size-6" />}
            title={active ? 'No expenses match these filters' : 'No expenses this month yet'}
            description="Record rent, salaries, bills and courier charges to see your real profit."
          />
        }
      />
      <ExpenseDialog expense={editing} categories={data?.categories ?? []} onClose={() => setEditing(null)} />
      <DeleteExpense expense={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

function DeleteExpense({ expense, onClose }: { expense: Expense | null; onClose: () => void }) {
  const remove = useDeleteExpense();
  return (
    <ConfirmDialog
      open={!!expense}
      onClose={onClose}
      title="Delete this expense?"
      description={
        expense
          ? `${expense.category}, ${formatAmount(expense.amount)} on ${expense.spent_on}. The audit trail keeps a record.`
          : undefined
      }
      confirmLabel="Delete expense"
      busy={remove.isPending}
      onConfirm={() =>
        expense &&
        remove.mutate(expense.id, {
          onSuccess: () => {
            toast.success('Expense deleted');
            onClose();
          },
        })
      }
    />
  );
}
