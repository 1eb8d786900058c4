/** Resolves in a task of its own: the browser may paint and handle input in between. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
