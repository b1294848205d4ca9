/** A push-to-pull async iterator; `return()` (client unsubscribes / disconnects) runs `onClose`. */
export function asyncQueue<T>(onClose: () => void) {
  const buffer: T[] = [];
  const waiting: Array<(r: IteratorResult<T>) => void> = [];
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    onClose();
    waiting.splice(0).forEach((w) => w({ value: undefined as any, done: true }));
  };
  const iterator: AsyncIterableIterator<T> = {
    next: () =>
      buffer.length
        ? Promise.resolve({ value: buffer.shift()!, done: false })
        : closed
          ? Promise.resolve({ value: undefined as any, done: true })
          : new Promise((resolve) => waiting.push(resolve)),
    return: async () => {
      close();
      return { value: undefined as any, done: true };
    },
    throw: async (e?: unknown) => {
      close();
      throw e;
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return {
    iterator,
    push(value: T) {
      if (closed) return;
      const w = waiting.shift();
      if (w) w({ value, done: false });
      else buffer.push(value);
    },
    close,
  };
}
