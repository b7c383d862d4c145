import {
  CLIP_SECONDS_MAX,
  PLAN_IDS,
  PLANS,
  captureKindOf,
  clipLength,
  type PhotoDto,
  type PlanId,
} from '@afterglow/contracts';

/** A capture that is a clip (ADR 033); one saved before kinds is a photo. */
export const isClip = (p: Pick<PhotoDto, 'kind'>) => captureKindOf(p.kind) === 'clip';

/** A clip whose video is developed: the screens that play clips can play it. */
export const playableClip = (p: Pick<PhotoDto, 'kind' | 'videoUrl'>) => isClip(p) && !!p.videoUrl;

/** A clip's length in whole seconds (at least 1), or null when it is not known yet. */
export function clipSeconds(durationMs: number | null | undefined): number | null {
  return durationMs == null || !(durationMs >= 0) ? null : Math.max(1, Math.round(durationMs / 1000));
}

/** A clip's length as a player shows it, '0:07'; the same in every language. */
export function clipClock(durationMs: number | null | undefined): string | null {
  return clipSeconds(durationMs) === null ? null : clipLength(durationMs!);
}

/**
 * How long a clip may run before a screen moves on without its end (a stalled or silent player): its
 * length, or the longest a clip may be, and a margin, so a playing clip is never cut short.
 */
export const CLIP_STALL_MARGIN_MS = 5000;
export const clipStallMs = (durationMs: number | null | undefined) =>
  (durationMs ?? CLIP_SECONDS_MAX * 1000) + CLIP_STALL_MARGIN_MS;

/**
 * The longest clip the plan lets guests take (0: photos only), from the plan catalogue the pricing
 * pages show; the server decides (billing's answer), this only shapes the form.
 */
export const planClipSeconds = (plan: PlanId) => PLANS[plan].maxClipSeconds;

/** The cheapest plan with clips ('Event Basic'): where the form sends a host whose plan has none. */
export const cheapestClipPlan = (): PlanId | undefined => PLAN_IDS.find((id) => PLANS[id].maxClipSeconds > 0);
