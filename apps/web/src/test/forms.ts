/**
 * What the form tests (`*.dom.test.tsx`) share: the back office's shop list, filling and reading fields by their
 * labels, the writes the form sent, a refusal in the API's envelope and a schema's message for one field.
 */
import type { ErrorEnvelope } from '@haat/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach } from 'vitest';
import { renderInBackOffice, type SentRequest, TEST_SHOP } from './dom.tsx';

/** The signed-in vendor's shops (the back office selects TEST_SHOP from it). */
export const SHOPS = {
  'GET /api/store/shop/shop/mine/': [{ ...TEST_SHOP, online_status: 'PUBLISHED' }],
};

/** Renders `ui` in the back office and waits for its dialog named `name`. */
export function openDialog(ui: ReactNode, name: string) {
  renderInBackOffice(ui);
  return screen.findByRole('dialog', { name });
}

/** After each test: the screen unmounted and the saved sign-in forgotten. */
export const cleanUpEach = () =>
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });

/** The control labelled `label` inside `root`. */
export const field = (root: HTMLElement, label: string | RegExp) =>
  within(root).getByLabelText(label) as HTMLInputElement;

/** Sets what the control labelled `label` holds, as typing, a paste or a choice in a select does. */
export const fill = (root: HTMLElement, label: string | RegExp, value: string) =>
  fireEvent.change(field(root, label), { target: { value } });

/** Clicks the button named `name` inside `root`. */
export const press = (root: HTMLElement, name: string | RegExp) =>
  fireEvent.click(within(root).getByRole('button', { name }));

/** Picks the product named `name` from the purchases' product search inside `root` (its Add button). */
export async function addFound(root: HTMLElement, name: string) {
  fireEvent.click((await within(root).findByLabelText(`Add ${name}`)).closest('button') as HTMLElement);
}

/** The requests that change something (every method but GET), in the order sent. */
export const writes = (sent: SentRequest[]) => sent.filter((r) => r.method !== 'GET');

/** An API refusal for fakeApi: the status and the error envelope with the server's words. */
export function refusal(
  status: number,
  message: string,
  error: Partial<ErrorEnvelope['error']> = {},
): [number, ErrorEnvelope] {
  const code = status === 409 ? 'CONFLICT' : 'VALIDATION_FAILED';
  return [status, { success: false, message, error: { code, ...error } }];
}

/** The message a schema's result gives for the field `key` (the first issue whose path starts with it). */
export const issue = (
  result: { error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } },
  key: string,
) => result.error?.issues.find((i) => i.path[0] === key)?.message as string;
