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
  /** the identity provider has confirmed the address (added, ADR 035): buying a plan needs it */
  emailVerified: z.boolean().optional(),
  /**
   * the account is the embedded identity provider's (added, ADR 035): its password and address are
   * changed on My Dashboard; an external provider's are changed there
   */
  localAccount: z.boolean().optional(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** Who is calling, as the gateway established it. Services trust only this, never a body field. */
export interface Principal {
  userId: string;
  email: string;
  isAdmin: boolean;
  /** the identity provider has confirmed the address (ADR 035); absent: not known to be */
  emailVerified?: boolean;
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

/** POST /api/account/password (the embedded provider's accounts, ADR 035) */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Enter your current password' })
      .min(1, 'Enter your current password')
      .max(1024),
    newPassword: z
      .string({ error: 'Choose a password of at least 8 characters.' })
      .min(8, 'Choose a password of at least 8 characters.')
      .max(1024, 'Choose a password of at most 1024 characters.'),
  })
  .strict();

/** POST /api/account/email: the new address is used once the link sent to it is followed */
export const changeEmailSchema = z
  .object({
    email: z.email({ error: 'Enter a valid email address.' }).max(254).trim().toLowerCase(),
    password: z
      .string({ error: 'Enter your current password' })
      .min(1, 'Enter your current password')
      .max(1024),
  })
  .strict();
