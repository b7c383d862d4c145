import { billingEntitlements, type Entitlements } from '@afterglow/contracts';
import { cachedAsk, type Bus, type CachedAsk } from '@afterglow/bus';

/** What developing is told of the host's plan: the steps its renditions take (ADR 025). */
export interface DevelopingPlan {
  watermark: boolean;
  aiFilter: boolean;
  /** the longest clip the plan takes (ADR 033); 0: photos only */
  clipSeconds: number;
}

/**
 * What an event's host may do, as billing answers it (kept 30 s, ADR 012). The last answer for each
 * host is kept too, for when billing cannot be asked: a guest's upload goes on through a short outage
 * with the plan as it was a moment ago (as the events client does with the event).
 */
export class HostPlans {
  private readonly ask: CachedAsk<typeof billingEntitlements>;

  constructor(bus: Bus) {
    this.ask = cachedAsk(bus, billingEntitlements, { timeoutMs: 3000, lastKnown: true });
  }

  /** Billing's answer for the host now; rejects when billing cannot be asked and none came before. */
  of(hostId: string): Promise<Entitlements> {
    return this.ask({ accountId: hostId });
  }

  /** Whether the host's plan takes voice messages in the guestbook (issue 23). */
  async voiceGuestbook(hostId: string): Promise<boolean> {
    return (await this.of(hostId)).voiceGuestbook;
  }

  /** The plan's steps for the host's captures: a watermark, the AI safety filter; and its clips. */
  async developing(hostId: string): Promise<DevelopingPlan> {
    const e = await this.of(hostId);
    return { watermark: e.watermark, aiFilter: e.aiFilter, clipSeconds: e.clipSeconds };
  }
}
