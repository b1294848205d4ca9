// Types for the parts of check-translations.mjs that TypeScript tests (tests/e2e) import.
export interface PoEntry {
  msgctxt: string | undefined;
  msgid: string;
  msgidPlural: string | undefined;
  msgstr: string[];
  line: number;
  obsolete: boolean;
}
export function parsePo(text: string, file?: string): PoEntry[];
export function placeholders(message: string): string[];
