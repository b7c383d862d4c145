import { useQuery } from '@tanstack/react-query';
import type { PublicEvent } from '@afterglow/contracts';
import { keys, type AnyEvent } from '../lib/api';

/** GET /api/events/{id}: the host gets every field, with the QR code and the join link. */
export function useEvent(id: string | undefined) {
  return useQuery<AnyEvent>({ queryKey: keys.event(id ?? ''), enabled: !!id });
}

/** GET /api/events/by-code/{code}: the public fields (the venue screen). */
export function useEventByCode(code: string | undefined, refetchInterval: number | false = false) {
  return useQuery<PublicEvent>({ queryKey: keys.eventByCode(code ?? ''), enabled: !!code, refetchInterval });
}
