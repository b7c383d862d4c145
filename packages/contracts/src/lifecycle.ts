import { z } from 'zod';
import './jitless';
import { isoDate } from './events';

export * from './lifecycle-rules';

/** POST /api/events/{id}/extend */
export const extendEventSchema = z.object({ endsAt: isoDate('End date is required') });
export type ExtendEventBody = z.infer<typeof extendEventSchema>;
