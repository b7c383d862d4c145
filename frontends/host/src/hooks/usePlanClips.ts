import { useQuery } from '@tanstack/react-query';
import type { UserStats } from '@afterglow/contracts';
import { keys } from '../lib/api';
import { planClipSeconds } from '../lib/clips';

/**
 * The longest clip the signed-in host's plan allows (0: no clips), or null until known (or when it
 * cannot be asked): what the clip switches show. The server decides when the event is saved.
 */
export function usePlanClips(): number | null {
  const stats = useQuery<UserStats>({ queryKey: keys.userStats });
  return stats.data ? planClipSeconds(stats.data.currentPlan) : null;
}
