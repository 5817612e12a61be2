/**
 * The form-card skeleton every settings card shares: react-hook-form with a shared wire schema (schemaResolver),
 * a save that puts the answer in the query cache and the form, a toast saying what was saved, the server's field
 * problems on their fields and anything else above the Save button, which shows "Saving..." meanwhile.
 */
import { type ReactNode, useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { toast } from '../../lib/toast.ts';
import { showServerErrors } from './form-support.ts';
import { FormProblem, SaveButton } from './settings-ui.tsx';

export interface SettingsFormOptions<V extends FieldValues, B, R> {
  defaultValues: DefaultValues<V>;
  resolver: Resolver<V, unknown, B>;
  /** The form's fields: a server issue whose path starts with one of them is shown beside it. */
  fields: readonly string[];
  save: (body: B) => Promise<R>;
  /** After a save: the answer into the cache and the form (reset to what was stored). */
  onSaved: (saved: R, form: UseFormReturn<V, unknown, B>) => void;
  /** The toast after a save: its title and an optional description from the answer. */
  saved: (saved: R) => { title: string; description?: string };
  /** Said when a failure names no field. */
  failure: string;
  /** A failure this form shows its own way (e.g. list items): true when handled. */
  onFailure?: (err: unknown, form: UseFormReturn<V, unknown, B>) => boolean;
}

/** A settings form's state: `form` (react-hook-form), `submit`, and the form-level `problem`. */
export function useSettingsForm<V extends FieldValues, B, R>(o: SettingsFormOptions<V, B, R>) {
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<V, unknown, B>({ defaultValues: o.defaultValues, resolver: o.resolver });
  const submit = form.handleSubmit(async (body) => {
    setProblem(null);
    try {
      const result = await o.save(body);
      o.onSaved(result, form);
      const { title, description } = o.saved(result);
      toast.success(title, description ? { description } : undefined);
    } catch (err) {
      if (o.onFailure?.(err, form)) return;
      setProblem(showServerErrors(err, o.fields, form.setError, o.failure, form.setFocus));
    }
  });
  return {
    form,
    submit,
    problem,
    setProblem,
    errors: form.formState.errors,
    busy: form.formState.isSubmitting,
  };
}

/** The form of a settings card: its fields, the form-level problem and the Save button. */
export function SettingsForm({
  label,
  state,
  saveLabel,
  className = 'space-y-5',
  children,
}: {
  /** Names the form, e.g. "Cash on delivery rules". */
  label: string;
  state: { submit: () => void; problem: string | null; busy: boolean };
  saveLabel: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={state.submit} noValidate className={className} aria-label={label}>
      {children}
      <FormProblem>{state.problem}</FormProblem>
      <SaveButton busy={state.busy} label={saveLabel} />
    </form>
  );
}
