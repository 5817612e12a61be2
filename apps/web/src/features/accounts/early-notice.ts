/** Shown when a code was asked for again within the resend wait: the earlier code still works. */
export const EARLY_NOTICE =
  'We sent a code to this email a moment ago: use that one, or ask for a new one when the timer ends.';
