import type { TextElement } from '@haat/contracts';
import { type EditHook, textOf, textStyle } from './text-style.ts';

/** A section's heading and sub-heading from its theme, centred, with the shop's colours and sizes. */
export function SectionHeading({
  id,
  heading,
  subHeading,
  fallback,
  edit,
}: {
  id: string;
  heading: TextElement | undefined;
  subHeading?: TextElement;
  fallback: string;
  /** Template editor only: an empty sub-heading then shows a prompt so it can be clicked. */
  edit?: EditHook;
}) {
  const sub = textOf(subHeading) || (edit ? 'Add a sub-heading' : '');
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2
        {...edit?.('mainHeading', 'Heading')}
        id={id}
        className={`text-2xl font-bold tracking-tight text-balance sm:text-3xl text-slate-900`}
        style={textStyle(heading)}
      >
        {textOf(heading, fallback)}
      </h2>
      {sub ? (
        <p
          {...edit?.('subHeading', 'Sub-heading')}
          className={`mt-2 text-sm text-pretty sm:text-base text-slate-600`}
          style={textStyle(subHeading)}
        >
          {sub}
        </p>
      ) : null}
    </div>
  );
}
