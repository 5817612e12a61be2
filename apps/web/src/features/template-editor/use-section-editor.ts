import type { SectionName } from '@haat/contracts';
import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '../../lib/query.ts';
import { toast } from '../../lib/toast.ts';
import { errorText, ownerHomeKey, saveSection, type ThemeSection, themeKey } from './editor-api.ts';

export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'error'; message: string };

export interface SectionEditor<C> {
  name: SectionName;
  config: C;
  /** True while the config holds generated texts the vendor has not confirmed yet. */
  draft: boolean;
  save: SaveState;
  /** Shows the edit at once and saves the whole section. */
  apply(next: C): void;
  /** Like apply, from the newest config (for edits that finish later, e.g. an upload). */
  update(fn: (current: C) => C): void;
  /** Shows generated texts without saving them (a draft to review). */
  propose(next: C): void;
  /** Drops a generated draft, back to the last saved config. */
  discard(): void;
  retry(): void;
}

/**
 * One section's editing state (01 §4 Template editing): every edit updates the page at once and saves the
 * whole section; the server's stored config then replaces the local one. A failed save keeps the vendor's
 * edit on screen with a retry, so nothing typed is lost. Only the newest save's answer is applied.
 */
export function useSectionEditor<C>(
  storeId: string,
  slug: string | undefined,
  name: SectionName,
  initial: C,
): SectionEditor<C> {
  const queryClient = useQueryClient();
  const [config, setConfig] = useState<C>(initial);
  const [draft, setDraft] = useState(false);
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  const saved = useRef<C>(initial);
  const latest = useRef<C>(initial);
  const seq = useRef(0);

  const persist = useCallback(
    async (next: C) => {
      const mine = ++seq.current;
      setSave({ kind: 'saving' });
      try {
        const stored = await saveSection(storeId, name, next);
        if (mine !== seq.current) return;
        const fromServer = (stored.config[name] ?? next) as C;
        saved.current = fromServer;
        latest.current = fromServer;
        setConfig(fromServer);
        setSave({ kind: 'saved' });
        queryClient.setQueryData<ThemeSection>(themeKey(storeId, name), stored);
        if (slug) void queryClient.invalidateQueries({ queryKey: ownerHomeKey(slug) });
      } catch (err) {
        if (mine !== seq.current) return;
        const message = errorText(err);
        setSave({ kind: 'error', message });
        toast.error('Your change was not saved', { description: message });
      }
    },
    [storeId, slug, name, queryClient],
  );

  const apply = useCallback(
    (next: C) => {
      latest.current = next;
      setConfig(next);
      setDraft(false);
      void persist(next);
    },
    [persist],
  );

  const update = useCallback((fn: (current: C) => C) => apply(fn(latest.current)), [apply]);

  const propose = useCallback((next: C) => {
    latest.current = next;
    setConfig(next);
    setDraft(true);
  }, []);

  const discard = useCallback(() => {
    latest.current = saved.current;
    setConfig(saved.current);
    setDraft(false);
  }, []);

  const retry = useCallback(() => void persist(latest.current), [persist]);

  return { name, config, draft, save, apply, update, propose, discard, retry };
}
