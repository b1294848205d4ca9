/**
 * What `npm run machines:docs` writes to docs/machines/ (tests/tools/machines-docs.mjs), computed
 * from the loaded `machines/*.machine.ts` modules. The stale-diagram test calls the same function
 * and compares with the committed files, so both always agree on the output.
 */
import { machineToGraph, type MachineGraph, type StateNodeLike } from './graph';
import { indexPage, machinePage } from './mermaid';

export interface MachineModule {
  /** Repository-relative path, `machines/cart.machine.ts`. */
  sourcePath: string;
  exports: Record<string, unknown>;
}

interface MachineLike {
  id: string;
  root: StateNodeLike;
  toJSON(): unknown;
}

function isMachine(value: unknown): value is MachineLike {
  return typeof value === 'object' && value !== null && 'root' in value && 'toJSON' in value && 'provide' in value;
}

export interface MachineDoc {
  name: string;
  exportName: string;
  sourcePath: string;
  graph: MachineGraph;
  json: unknown;
}

/** One entry a machine exported by a `*.machine.ts` file (named after the file). */
export function collectMachines(modules: readonly MachineModule[]): MachineDoc[] {
  return [...modules]
    .sort((a, b) => a.sourcePath.localeCompare(b.sourcePath))
    .flatMap((m) => {
      const base = m.sourcePath
        .split('/')
        .pop()!
        .replace(/\.machine\.ts$/, '');
      const machines = Object.entries(m.exports).filter((e): e is [string, MachineLike] => isMachine(e[1]));
      const main = `${base.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}Machine`;
      return machines.map(([exportName, machine]) => ({
        // `cartMachine` of cart.machine.ts is `cart`; any other machine a file exports keeps its export's name.
        name: machines.length === 1 || exportName === main ? base : `${base}.${exportName.replace(/Machine$/, '')}`,
        exportName,
        sourcePath: m.sourcePath,
        graph: machineToGraph(machine),
        json: machine.toJSON(),
      }));
    });
}

/** `{ 'docs/machines/cart.md': '...', ..., 'docs/machines/README.md': '...' }`. */
export function machineDocFiles(modules: readonly MachineModule[]): Record<string, string> {
  const docs = collectMachines(modules);
  const files: Record<string, string> = {};
  for (const m of docs) files[`docs/machines/${m.name}.md`] = machinePage(m.name, m.sourcePath, m.exportName, m.graph);
  files['docs/machines/README.md'] = indexPage(docs);
  return files;
}
