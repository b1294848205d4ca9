import type { RequestHandler } from 'express';
export function acceptedEncodings(header: string | undefined): Map<string, number>;
export function chooseEncoding(header: string | undefined, available: ReadonlySet<string>): 'br' | 'gzip' | null;
export function precompressedStatic(dir: string, options?: { maxAge?: string | number; immutable?: boolean }): RequestHandler;
