import { createContext, type ReactNode, use, useCallback, useMemo, useState } from 'react';
import { Dialog } from '../../components/ui/dialog.tsx';
import { useLocation } from '../../lib/router.tsx';
import { LoginChooserForm, type UserType } from './login-chooser-form.tsx';

interface LoginChooserApi {
  /** Opens the login-type chooser, optionally with a type already picked (Start Free Trial: vendor). */
  openChooser: (preselect?: UserType) => void;
}

const LoginChooserContext = createContext<LoginChooserApi | null>(null);

/** Holds the one login-type chooser modal of the marketing face. */
export function LoginChooserProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ open: boolean; preselect: UserType | null }>({
    open: false,
    preselect: null,
  });
  const { key } = useLocation();
  const [openedAt, setOpenedAt] = useState(key);

  const openChooser = useCallback(
    (preselect?: UserType) => {
      setOpenedAt(key);
      setState({ open: true, preselect: preselect ?? null });
    },
    [key],
  );
  const close = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  const api = useMemo(() => ({ openChooser }), [openChooser]);
  // Any navigation (Continue to Login, Sign up here, Back) closes the modal.
  const open = state.open && openedAt === key;

  return (
    <LoginChooserContext value={api}>
      {children}
      <Dialog
        open={open}
        onClose={close}
        title="Welcome to Haat"
        description="Choose how you want to log in to continue."
      >
        <LoginChooserForm preselect={state.preselect} />
      </Dialog>
    </LoginChooserContext>
  );
}

export function useLoginChooser(): LoginChooserApi {
  const api = use(LoginChooserContext);
  if (!api) throw new Error('useLoginChooser outside LoginChooserProvider');
  return api;
}
