// Imported by a shopper's first pages through `@haat/contracts/policy-text`: keep this file free of zod
// (scripts/js-budget.ts).

/**
 * A shop's policy pages (issue 17 #9): privacy, terms, refund, shipping and returns. Each is plain text: blank
 * lines part paragraphs, a line starting with "## " is a heading and lines starting with "- " are a list. It is
 * shown as text, never as HTML, and HTML tags are refused when saved.
 */
export const POLICY_KINDS = ['privacy', 'terms', 'refund', 'shipping', 'returns'] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];
export const POLICY_TITLES: Record<PolicyKind, string> = {
  privacy: 'Privacy Policy',
  terms: 'Terms of Service',
  refund: 'Refund Policy',
  shipping: 'Shipping Policy',
  returns: 'Returns Policy',
};

/** One block of a policy's text, as the pages show it. */
export type PolicyBlock =
  | { type: 'heading'; text: string }
  | { type: 'list'; items: string[] }
  | { type: 'paragraph'; lines: string[] };

/** Splits a policy's plain text into headings, lists and paragraphs (never HTML). */
export function policyBlocks(text: string): PolicyBlock[] {
  const blocks: PolicyBlock[] = [];
  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    let para: string[] = [];
    let list: string[] = [];
    const flush = () => {
      if (para.length) blocks.push({ type: 'paragraph', lines: para });
      if (list.length) blocks.push({ type: 'list', items: list });
      para = [];
      list = [];
    };
    for (const line of lines) {
      if (line.startsWith('## ')) {
        flush();
        blocks.push({ type: 'heading', text: line.slice(3).trim() });
      } else if (/^[-*] /.test(line)) {
        if (para.length) flush();
        list.push(line.slice(2).trim());
      } else {
        if (list.length) flush();
        para.push(line);
      }
    }
    flush();
  }
  return blocks;
}
