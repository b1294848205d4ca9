import * as v from 'valibot';

/**
 * Runs a valibot object schema and keeps the first message id per top-level field, the shape
 * every form machine stores as `errors` (views translate the ids).
 */
export function validateFields<S extends v.GenericSchema, M extends string>(
  schema: S,
  input: v.InferInput<S>,
): { ok: true; value: v.InferOutput<S> } | { ok: false; errors: Partial<Record<keyof v.InferInput<S> & string, M>> } {
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, value: result.output };
  const errors: Partial<Record<string, M>> = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key === 'string' && !errors[key]) errors[key] = issue.message as M;
  }
  return { ok: false, errors: errors as Partial<Record<keyof v.InferInput<S> & string, M>> };
}
