import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** The project's root (jest runs from it). */
export const ROOT = process.cwd();

const SOURCE = /\.(ts|tsx)$/;
const SKIP_DIRS = new Set(["node_modules", "generated", ".next"]);

/** Every .ts/.tsx file under the given top-level folders, as paths relative to ROOT (forward slashes). */
export function sourceFiles(folders: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (relative: string) => {
    for (const name of readdirSync(path.join(ROOT, relative))) {
      const child = `${relative}/${name}`;
      if (statSync(path.join(ROOT, child)).isDirectory()) {
        if (!SKIP_DIRS.has(name) && !name.startsWith(".")) walk(child);
      } else if (SOURCE.test(name) && !name.endsWith(".d.ts")) files.push(child);
    }
  };
  for (const folder of folders) if (existsSync(path.join(ROOT, folder))) walk(folder);
  return files.sort();
}

/** The module specifiers a file imports or re-exports (static and dynamic), read by TypeScript's scanner. */
export function importSpecifiers(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(path.join(ROOT, file), "utf8"), true, true);
  return info.importedFiles.map((imported) => imported.fileName);
}

/** The project file a specifier points at ("@/x" is the root; relative paths from the importer), or null for packages. */
export function resolveSpecifier(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = specifier.slice(2);
  else if (specifier.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    const full = path.join(ROOT, candidate);
    if (existsSync(full) && statSync(full).isFile() && SOURCE.test(candidate)) return candidate;
  }
  return null;
}

/** file → the project files it imports. */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = importSpecifiers(file)
      .map((specifier) => resolveSpecifier(file, specifier))
      .filter((target): target is string => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * The import circles of the graph: each strongly connected component of more than one file (or a file
 * importing itself), found with Tarjan's algorithm, as sorted file lists.
 */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}
