export const COMPRESSIBLE: RegExp;
export function precompressDir(dir: string): Promise<Array<{ file: string; raw: number; br: number; gz: number }>>;
