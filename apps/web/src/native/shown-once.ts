/** How many notification ids are remembered: far more than arrive within a push's delay. */
const REMEMBERED = 200;

/**
 * While the app is open a notification reaches the phone twice: on the realtime socket and as a
 * push. Each path asks here before showing it; only the first sighting of an id is shown.
 */
export class ShownOnce {
  private readonly seen = new Set<string>();

  first(notificationId: string | undefined): boolean {
    if (!notificationId) return true;
    if (this.seen.has(notificationId)) return false;
    this.seen.add(notificationId);
    if (this.seen.size > REMEMBERED) this.seen.delete(this.seen.values().next().value!);
    return true;
  }
}
