// For `*.reactions.ts` files: one function that removes every handler a module registered.
export function removeAll(removers: (() => void)[]): () => void {
  return () => {
    for (const remove of removers) remove();
  };
}
