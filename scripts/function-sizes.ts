// Function and component sizes (issue 41): every function in a folder's .ts/.tsx files (declarations, function
// expressions, arrows, methods), outside tests and seeds, with its length in lines. A component is a function whose
// name starts with a capital letter in a .tsx file. Prints the counts over 60 and 80 lines, components over 150 and
// functions with 5 or more parameters (positional; a destructured object counts as one); `--list` prints each of them. Usage: tsx scripts/function-sizes.ts [folder=apps/web/src] [--list]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
// TypeScript 7 (the Go compiler) has no compiler API for JavaScript; Vite's rolldown carries the oxc parser.
import { parseAst } from 'rolldown/parseAst';

const ROOT = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const list = args.includes('--list');
const dir = resolve(ROOT, args.find((a) => !a.startsWith('--')) ?? 'apps/web/src');

const skipped = (path: string) => /\.test\.tsx?$|\/seed\/|\/test\/|\.spec\.ts$/.test(path);

function walk(folder: string, out: string[] = []): string[] {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (name === 'node_modules' || name === 'dist') continue;
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts') && !skipped(path)) out.push(path);
  }
  return out;
}

interface Fn {
  file: string;
  name: string;
  line: number;
  lines: number;
  params: number;
  component: boolean;
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };
const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);
const isNode = (v: unknown): v is Node =>
  !!v && typeof v === 'object' && typeof (v as Node).type === 'string';
const idName = (v: unknown) => (isNode(v) && v.type === 'Identifier' ? (v.name as string) : null);

/** The name a function goes by: its own, or the variable, property or method it is assigned to. */
function nameOf(node: Node, parents: Node[]): string {
  const own = idName(node.id);
  if (own) return own;
  // memo(function ...), forwardRef((...) => ...): the variable the call is assigned to.
  let i = parents.length - 1;
  while (i >= 0 && parents[i]?.type === 'CallExpression') i--;
  const parent = parents[i];
  if (parent?.type === 'VariableDeclarator') return idName(parent.id) ?? '(anonymous)';
  if (parent?.type === 'Property' || parent?.type === 'MethodDefinition')
    return idName(parent.key) ?? '(anonymous)';
  return '(anonymous)';
}

function measure(file: string): Fn[] {
  const text = readFileSync(file, 'utf8');
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const lineOf = (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStarts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  const program = parseAst(text, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' }, file) as unknown as Node;
  const found: Fn[] = [];
  const visit = (node: Node, parents: Node[]) => {
    if (FUNCTIONS.has(node.type)) {
      const name = nameOf(node, parents);
      const line = lineOf(node.start);
      found.push({
        file: relative(ROOT, file),
        name,
        line,
        lines: lineOf(node.end) - line + 1,
        params: Array.isArray(node.params) ? node.params.length : 0,
        component: file.endsWith('.tsx') && /^[A-Z]/.test(name),
      });
    }
    parents.push(node);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const v of value) isNode(v) && visit(v, parents);
      else if (isNode(value)) visit(value, parents);
    }
    parents.pop();
  };
  visit(program, []);
  return found;
}

const fns = walk(dir).flatMap(measure);
const over = (n: number) => fns.filter((f) => f.lines > n);
const components150 = fns.filter((f) => f.component && f.lines > 150);
console.log(`${relative(ROOT, dir)}: ${fns.length} functions`);
console.log(`over 60 lines: ${over(60).length} (components: ${over(60).filter((f) => f.component).length})`);
console.log(`over 80 lines: ${over(80).length} (components: ${over(80).filter((f) => f.component).length})`);
console.log(`components over 150 lines: ${components150.length}`);
const manyParams = fns.filter((f) => f.params >= 5);
console.log(`with 5 or more parameters: ${manyParams.length}`);
if (list) {
  for (const f of over(60).sort((a, b) => b.lines - a.lines))
    console.log(`${String(f.lines).padStart(4)}  ${f.component ? 'C' : ' '}  ${f.file}:${f.line}  ${f.name}`);
  for (const f of manyParams.sort((a, b) => b.params - a.params))
    console.log(`${String(f.params).padStart(4)} parameters  ${f.file}:${f.line}  ${f.name}`);
}
