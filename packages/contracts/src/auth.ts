import { z } from 'zod';
import { cleanText } from './text';
import './jitless';

/** GET /api/auth/user */
export const authUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isAdmin: z.boolean(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** Who is calling, as the gateway established it. Services trust only this, never a body field. */
export interface Principal {
  userId: string;
  email: string;
  isAdmin: boolean;
}

/** POST /api/admin/users/{userId}/suspend and DELETE /api/admin/events/{eventId} (the UI sends a fixed reason). */
export const adminReasonSchema = z.object({
  reason: z
    .string({ error: 'A reason is required' })
    .overwrite(cleanText)
    .trim()
    .min(1, 'A reason is required')
    .max(500, 'The reason can be at most 500 characters'),
});

/** Path parameters of the admin routes. */
export const adminUserIdSchema = z.uuid({ error: 'userId must be a UUID' });
export const adminEventIdSchema = z.uuid({ error: 'eventId must be a UUID' });

/** The answer to an admin's suspend or unsuspend. */
export interface AdminUserState {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  plan: string;
  isSuspended: boolean;
  createdAt: string;
}
