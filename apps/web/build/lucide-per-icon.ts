import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/**
 * `import { ShoppingCart, X as Close } from 'lucide-react'` becomes one import per icon
 * (`import ShoppingCart from 'lucide-react/icons/shopping-cart'`, the package's own export), in the client build.
 * The bundle is the same, but the module graph then says which icons a module uses instead of naming the barrel,
 * which reaches all 1,700 icons: the shop's chunks are grouped by what its pages import (vite.config.ts).
 * Anything the barrel exports that is not an icon (types, `createLucideIcon`) stays imported from it.
 */
export function lucidePerIcon(): Plugin {
  let icons: Map<string, string> | undefined;
  const iconFiles = () => {
    if (icons) return icons;
    const barrel = readFileSync(
      createRequire(import.meta.url).resolve('lucide-react/dist/esm/lucide-react.mjs'),
      'utf8',
    );
    icons = new Map();
    for (const m of barrel.matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs'/g)) {
      for (const name of (m[1] ?? '').matchAll(/default as (\w+)/g)) icons.set(name[1] ?? '', m[2] ?? '');
    }
    return icons;
  };
  return {
    name: 'haat:lucide-per-icon',
    enforce: 'pre',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    transform: {
      filter: { id: { exclude: /node_modules/ }, code: 'lucide-react' },
      handler(code) {
        const out = code.replace(
          /import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"];?/g,
          (whole, list: string) => {
            const kept: string[] = [];
            const perIcon: string[] = [];
            for (const raw of list.split(',')) {
              const spec = raw.trim();
              if (!spec) continue;
              const [name = '', local = name] = spec.split(/\s+as\s+/);
              const file = spec.startsWith('type ') ? undefined : iconFiles().get(name);
              if (file) perIcon.push(`import ${local} from 'lucide-react/icons/${file}';`);
              else kept.push(spec);
            }
            if (perIcon.length === 0) return whole;
            return [
              ...(kept.length ? [`import { ${kept.join(', ')} } from 'lucide-react';`] : []),
              ...perIcon,
            ].join(' ');
          },
        );
        return out === code ? null : { code: out, map: null };
      },
    },
  };
}
