const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/**
 * A development page (the dev mailbox, the test gateway): a small HTML document with its own styles, not indexed.
 * `body` is HTML the caller escaped.
 */
export const devPage = (v: { title: string; style: string; body: string }) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(v.title)} · Haat</title>
<style>${v.style}</style>
</head>
<body>
<main>
${v.body}
</main>
</body>
</html>
`;
