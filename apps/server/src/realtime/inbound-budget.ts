/** How much one socket may send: frames waiting to be handled, and a token bucket of frames per second. */
export type InboundLimits = { maxQueued: number; burst: number; perSecond: number };

export const INBOUND_LIMITS: InboundLimits = { maxQueued: 256, burst: 256, perSecond: 50 };

/**
 * One socket's inbound budget: `admit` answers false once the socket has more frames waiting than
 * `maxQueued`, or sends faster than `perSecond` beyond a `burst` (a reconnecting client
 * resubscribing to all its topics fits in the burst). The hub closes such a socket with 1008.
 */
export class InboundBudget {
  private queued = 0;
  private tokens: number;
  private last = performance.now();

  constructor(private readonly limits: InboundLimits = INBOUND_LIMITS) {
    this.tokens = limits.burst;
  }

  admit(): boolean {
    const now = performance.now();
    this.tokens = Math.min(this.limits.burst, this.tokens + ((now - this.last) / 1000) * this.limits.perSecond);
    this.last = now;
    if (this.queued >= this.limits.maxQueued || this.tokens < 1) return false;
    this.tokens--;
    this.queued++;
    return true;
  }

  done(): void {
    this.queued--;
  }
}
