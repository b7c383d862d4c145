// No zod here: the guest's gallery and the host's sharing card use these rules.

/**
 * Guests report photos (ADR 023). A photo reported by `reportThreshold` distinct devices of its event
 * (a host setting) is held: guests and venue screens stop seeing it until the host approves or
 * rejects it.
 */
export const REPORT_THRESHOLD_DEFAULT = 3;
export const REPORT_THRESHOLD_MIN = 1;
export const REPORT_THRESHOLD_MAX = 20;

/** Why a guest reports a photo, with the words the report dialog offers. */
export const REPORT_REASONS = {
  inappropriate: 'Nudity or sexual content',
  offensive: 'Hurtful, hateful or violent',
  privacy: 'I’m in it and don’t want it shown',
  other: 'Something else',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
export const REPORT_REASON_KEYS = Object.keys(REPORT_REASONS) as ReportReason[];

/**
 * The flag reason of a photo the AI safety filter held (ADR 027): held as reports hold one, until the
 * host approves or rejects it. The host's moderation shows it with the filter's score.
 */
export const AI_FLAG_REASON = 'AI safety filter';
