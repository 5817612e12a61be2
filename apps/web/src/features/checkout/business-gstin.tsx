import { gstNumberField } from '@haat/contracts';
import { useState } from 'react';
import { CheckboxField, TextField } from '../../components/ui/fields.tsx';

/**
 * A business buying online adds its GSTIN, so the shop's tax invoice is a B2B one it can claim input tax on (issue
 * 39). Checked here with the contract's rule (check digit included), and again by the server.
 */
export function useBusinessGstin() {
  const [state, setState] = useState({ on: false, value: '', touched: false });
  const parsed = state.on ? gstNumberField.safeParse(state.value) : null;
  const problem = !state.on
    ? null
    : !state.value.trim()
      ? 'Enter your business GSTIN, or untick the box'
      : parsed && !parsed.success
        ? (parsed.error.issues[0]?.message ?? 'Enter a valid GSTIN')
        : null;
  return {
    state,
    setState,
    problem,
    /** What the order carries: the GSTIN when given and valid. */
    gstNumber: parsed?.success ? parsed.data : undefined,
  };
}

export function BusinessGstin({ gst }: { gst: ReturnType<typeof useBusinessGstin> }) {
  const { state, setState, problem } = gst;
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm sm:px-5">
      <CheckboxField checked={state.on} onChange={(on) => setState((s) => ({ ...s, on }))}>
        Buying for a business? Add its GSTIN to the tax invoice
      </CheckboxField>
      {state.on ? (
        <div className="mt-3 max-w-sm">
          <TextField
            label="GSTIN"
            value={state.value}
            maxLength={15}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            placeholder="27AAACB1234C1Z5"
            hint="15 characters, on your GST registration certificate"
            error={state.touched || state.value.length >= 15 ? (problem ?? undefined) : undefined}
            onChange={(e) => setState((s) => ({ ...s, value: e.target.value.toUpperCase() }))}
            onBlur={() => setState((s) => ({ ...s, touched: true }))}
          />
        </div>
      ) : null}
    </div>
  );
}
