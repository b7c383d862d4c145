import { useQuery } from '@tanstack/react-query';
import type { UserEvent, UserStats } from '@afterglow/contracts';
import { keys } from '../lib/api';

/** Spec section 7: the user's stats are refetched every 30 seconds. */
export const USER_STATS_POLL_MS = 30_000;

/*
 * Both are asked again each time the page opens (what is cached shows meanwhile): an event created,
 * ended or deleted elsewhere in the app is on the page at once.
 */

/** GET /api/user/stats: plan, events created, photos collected, storage. */
export function useUserStats() {
  return useQuery<UserStats>({
    queryKey: keys.userStats,
    refetchInterval: USER_STATS_POLL_MS,
    refetchOnMount: 'always',
  });
}

/** GET /api/user/events: the user's events, newest first. */
export function useUserEvents() {
  return useQuery<UserEvent[]>({ queryKey: keys.userEvents, refetchOnMount: 'always' });
}
