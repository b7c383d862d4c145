import { z } from 'zod';

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
  /** the user's current plan id (free, basic, pro, max) */
  plan: string;
}
