import { policyBlocks } from '@haat/contracts/policy-text';

/**
 * Plain text shown as headings, lists and paragraphs (blank lines part paragraphs, "## " starts a heading, "- "
 * a list item). Everything is rendered as text, so nothing typed can become HTML or a script.
 */
export function TextBlocks({ text, headingLevel = 2 }: { text: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="space-y-4 text-slate-700">
      {policyBlocks(text).map((b, i) => {
        const key = `${b.type}-${i}`;
        if (b.type === 'heading')
          return (
            <Heading key={key} className="pt-2 text-lg font-semibold text-slate-900">
              {b.text}
            </Heading>
          );
        if (b.type === 'list')
          return (
            <ul key={key} className="list-disc space-y-1.5 pl-5">
              {b.items.map((item, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: items of a static text, in order
                <li key={j}>{item}</li>
              ))}
            </ul>
          );
        return (
          <p key={key} className="leading-relaxed">
            {b.lines.map((line, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines of a static text, in order
              <span key={j}>
                {j > 0 ? <br /> : null}
                {line}
              </span>
            ))}
          </p>
        );
      })}
    </div>
  );
}
