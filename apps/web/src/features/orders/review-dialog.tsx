import type { CustomerOrder } from '@haat/contracts';
import { Star } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FieldError, FormAlert, TextAreaField } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formFailureMessage, serverFieldErrors } from '../../lib/form-errors.ts';
import type { useOrderActions } from './orders-api.ts';

type ReviewMutation = ReturnType<typeof useOrderActions>['review'];

/** 1 to 5 stars as real radio buttons (arrow keys move between them), each named for screen readers. */
function StarPicker({
  value,
  onChange,
  error,
}: {
  value: number;
  onChange: (n: number) => void;
  error?: string;
}) {
  const name = useId();
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">Your rating</legend>
      <div className="mt-1.5 flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="relative rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              aria-label={`${n} ${n === 1 ? 'star' : 'stars'}`}
              className="absolute inset-0 size-full cursor-pointer appearance-none rounded-md"
            />
            <Star
              aria-hidden
              className={`pointer-events-none relative size-8 ${n <= value ? 'fill-amber-400 text-amber-400' : 'text-slate-300'}`}
            />
          </label>
        ))}
      </div>
      <FieldError id={`${name}-error`} error={error} />
    </fieldset>
  );
}

/** Write a Review for a delivered order: pick the item when there are several, stars and a few words. */
export function ReviewDialog({
  order,
  onClose,
  review,
}: {
  order: CustomerOrder;
  onClose: () => void;
  review: ReviewMutation;
}) {
  const pending = order.product.items.filter((i) => !i.reviewed);
  const [productId, setProductId] = useState(pending[0]?.product_id ?? '');
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const pickName = useId();
  const chosen = pending.find((i) => i.product_id === productId) ?? pending[0];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) return;
    if (rating < 1) {
      setErrors({ rating: 'Choose 1 to 5 stars' });
      return;
    }
    setErrors({});
    setFailure(null);
    review.mutate(
      { order, productId: chosen.product_id, rating, description: text.trim() },
      {
        onSuccess: onClose,
        onError: (err) => {
          const fields = serverFieldErrors(err);
          if (Object.keys(fields).length) setErrors(fields);
          else setFailure(formFailureMessage(err));
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} title="Write a Review" description={`For ${order.order_number}`}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormAlert>{failure}</FormAlert>
        {pending.length > 1 ? (
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Which item?</legend>
            <div className="mt-1.5 space-y-2">
              {pending.map((item) => (
                <label
                  key={item.product_id}
                  className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-2 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name={pickName}
                    checked={chosen?.product_id === item.product_id}
                    onChange={() => setProductId(item.product_id)}
                    className="size-4 shrink-0 accent-brand-600"
                  />
                  <span className="min-w-0 text-sm text-slate-800">{item.name}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : chosen ? (
          <p className="text-sm text-slate-700">
            Reviewing <span className="font-semibold text-slate-900">{chosen.name}</span>
          </p>
        ) : null}
        <StarPicker value={rating} onChange={setRating} error={errors.rating} />
        <TextAreaField
          label="Your review"
          rows={4}
          maxLength={2000}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={errors.description}
          placeholder="What did you like or dislike?"
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={buttonStyles.secondary}>
            Cancel
          </button>
          <button type="submit" disabled={review.isPending} className={buttonStyles.primary}>
            {review.isPending ? <Spinner /> : null}
            Submit Review
          </button>
        </div>
      </form>
    </Dialog>
  );
}
