/** Resolves in a task of its own, after what is queued now (input included) has run. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
