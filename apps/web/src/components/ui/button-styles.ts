// Kit: the button looks (primary, danger, secondary, ghost) as class strings, for <button> and <a> alike.
/** Shared class strings so buttons and button-like links look the same everywhere. */
const base =
  'inline-flex items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50';

export const buttonStyles = {
  primary: `${base} bg-brand-700 text-white shadow-sm hover:bg-brand-800`,
  /** A destructive action (delete, cancel): same shape as primary, in red. */
  danger: `${base} bg-red-600 text-white shadow-sm hover:bg-red-700`,
  secondary: `${base} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`,
  ghost: `${base} text-slate-700 hover:bg-slate-100`,
};
