import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Focus moves to the first field in error (form order) once per submit: right away for the
 * form's own checks, or when the server's answer brings a field error. Typing afterwards does not
 * move focus. Returns the function to call on submit.
 */
export function useFocusFirstError(formRef: RefObject<HTMLElement | null>, errors: object): () => void {
  const [submits, setSubmits] = useState(0);
  const handled = useRef(0);
  useEffect(() => {
    if (submits === handled.current || Object.keys(errors).length === 0) return;
    handled.current = submits;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submits, errors, formRef]);
  return () => setSubmits((n) => n + 1);
}
