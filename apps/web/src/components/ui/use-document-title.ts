// Kit: sets the page title while a screen is shown.
import { useEffect } from 'react';

/** Sets the page title while the calling component is shown. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
