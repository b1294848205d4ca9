/** Texts under `root` with Latin digits outside identifiers and Latin phrases (decision 015). */
export function latinDigitsIn(root: Element): string[];
