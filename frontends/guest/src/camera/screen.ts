import { hasEnded } from '@afterglow/contracts';

/** What the camera page shows. */
export type CameraScreen = 'start' | 'camera' | 'rollComplete' | 'ended';

/**
 * A shot in hand keeps the screen it was taken on (its preview is open over it); otherwise a used-up
 * roll ends the page, then an event that has ended (contracts' `hasEnded`: from the instant of its end).
 */
export function cameraScreen(
  mode: 'start' | 'camera',
  roll: { holdingShot: boolean; remaining: number },
  event: { endsAt: string },
  now = Date.now(),
): CameraScreen {
  if (roll.holdingShot) return mode;
  if (roll.remaining <= 0) return 'rollComplete';
  return hasEnded(event, now) ? 'ended' : mode;
}
