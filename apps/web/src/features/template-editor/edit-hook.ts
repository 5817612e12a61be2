import type { TextElement } from '@haat/contracts';
import type { HTMLAttributes, KeyboardEvent, MouseEvent } from 'react';
import type { EditHook } from '../storefront-home/index.ts';
import { getAt, setAt } from './field-path.ts';
import type { EditTarget } from './text-editor.tsx';
import type { SectionEditor } from './use-section-editor.ts';

/**
 * The props that make a storefront text element editable in place: it becomes focusable, and a click
 * (or Enter) opens the text editor for its field; confirming saves the whole section.
 */
export function makeEditHook<C>(editor: SectionEditor<C>, open: (target: EditTarget) => void): EditHook {
  return (field, label) => {
    const show = (el: HTMLElement) => {
      const r = el.getBoundingClientRect();
      const value = getAt(editor.config, field);
      open({
        label,
        value: typeof value === 'string' ? value : ((value as TextElement | undefined) ?? { text: '' }),
        rect: { top: r.top, bottom: r.bottom, left: r.left },
        confirm: (next) =>
          editor.update((c) => {
            const changed = setAt(c, field, next);
            // The banner paints its highlighted line with a gradient; a colour picked for that line replaces it,
            // so what the vendor picks is what the shop shows.
            const before = value as TextElement | undefined;
            if (
              field === 'highlightedText' &&
              typeof next !== 'string' &&
              next.color &&
              next.color !== before?.color
            )
              return setAt(setAt(changed, 'textColorFrom', ''), 'textColorTo', '');
            return changed;
          }),
      });
    };
    const props = {
      'data-editable': field,
      tabIndex: 0,
      title: `Edit ${label.toLowerCase()}`,
      onClick: (e: MouseEvent<HTMLElement>) => {
        e.preventDefault();
        e.stopPropagation();
        show(e.currentTarget);
      },
      onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
        if (e.key !== 'Enter' && e.key !== ' ') return;
        e.preventDefault();
        e.stopPropagation();
        show(e.currentTarget);
      },
    };
    return props as HTMLAttributes<HTMLElement>;
  };
}
