/**
 * Runs `run` once the browser has painted the current frame (a task queued from the next
 * animation frame, so it lands after that frame's style, layout and paint). Returns a cancel, for
 * an effect's cleanup.
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
