import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

interface ChunkInfo {
  code: string;
  imports: string[];
}

/**
 * The JavaScript a browser must fetch before the login screen works: the entry chunk, the login route's lazy
 * chunk and every chunk either imports statically. Pure so that the sum can be checked without a build.
 */
export function loginRouteFiles(
  chunks: Record<string, ChunkInfo & { isEntry: boolean; facadeModuleId: string | null }>,
  loginModuleSuffix: string,
): string[] {
  const roots = Object.entries(chunks)
    .filter(([, c]) => c.isEntry || c.facadeModuleId?.replace(/\\/g, '/').endsWith(loginModuleSuffix))
    .map(([name]) => name);
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || !chunks[name]) return;
    seen.add(name);
    for (const dep of chunks[name].imports) visit(dep);
  };
  roots.forEach(visit);
  return [...seen].sort();
}

/** Prints the gzip size of the login route's JavaScript after each build and fails the build above the budget. */
export function loginRouteSize(options: { loginModuleSuffix: string; budgetKb: number }): Plugin {
  return {
    name: 'kb-login-route-size',
    apply: 'build',
    generateBundle(_output, bundle) {
      const chunks: Parameters<typeof loginRouteFiles>[0] = {};
      for (const [name, item] of Object.entries(bundle)) {
        if (item.type === 'chunk') {
          chunks[name] = {
            code: item.code,
            imports: item.imports,
            isEntry: item.isEntry,
            facadeModuleId: item.facadeModuleId,
          };
        }
      }
      const files = loginRouteFiles(chunks, options.loginModuleSuffix);
      if (!files.some((f) => chunks[f]?.facadeModuleId?.endsWith(options.loginModuleSuffix))) {
        this.error(`login route chunk (${options.loginModuleSuffix}) not found: is the route still lazy?`);
      }
      let total = 0;
      const lines = files.map((file) => {
        const gz = gzipSync(chunks[file]!.code, { level: 9 }).length;
        total += gz;
        return `  ${(gz / 1024).toFixed(1).padStart(7)} KB  ${file}`;
      });
      const kb = total / 1024;
      if (process.env.KB_SIZE_DEBUG) {
        const modules: [string, number][] = [];
        for (const file of files) {
          const item = bundle[file];
          if (item?.type !== 'chunk') continue;
          for (const [id, info] of Object.entries(item.modules))
            modules.push([`${file} ${id}`, info.renderedLength]);
        }
        modules.sort((a, b) => b[1] - a[1]);
        for (const id of this.getModuleIds()) {
          if (/zod[\\/](v4[\\/]classic[\\/](external|schemas)|mini)/.test(id) || /contracts/.test(id)) {
            console.log('IMPORTERS', id, this.getModuleInfo(id)?.importers);
          }
        }
        console.log(
          modules
            .slice(0, 40)
            .map(([id, n]) => `${(n / 1024).toFixed(1).padStart(7)} KB raw  ${id}`)
            .join('\n'),
        );
      }
      console.log(
        `\nLogin route JavaScript (gzip): ${kb.toFixed(1)} KB of ${options.budgetKb} KB budget\n${lines.join('\n')}\n`,
      );
      if (kb > options.budgetKb) {
        this.error(
          `login route JavaScript is ${kb.toFixed(1)} KB gzip, over the ${options.budgetKb} KB budget`,
        );
      }
    },
  };
}
