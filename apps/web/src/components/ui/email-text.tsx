import { Fragment } from 'react';

/**
 * An e-mail address that wraps only before its "@" and its dots when the line is too short for it, never in the
 * middle of a word ("nobod / y@example.com"): a line-break opportunity (<wbr>) before each, and no break-all.
 */
export function EmailText({ email }: { email: string }) {
  return (
    <>
      {email.split(/(?=[@.])/).map((part, i) => (
        // The parts of one address never reorder: the index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={i}>
          {i ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
