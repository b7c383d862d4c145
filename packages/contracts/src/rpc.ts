import { z } from 'zod';
import './jitless';
import { adminReasonSchema, authUserSchema } from './auth';
import { RPC, type RpcContract } from './bus';

const rpc = <Req extends z.ZodType, Res extends z.ZodType>(
  subject: string,
  request: Req,
  response: Res,
): RpcContract<Req, Res> => ({ subject, request, response });

const isoTime = z.iso.datetime({ offset: true });

/** An account as identity (the gateway's users table) knows it. */
export const identityUserSchema = authUserSchema
  .omit({ isAdmin: true })
  .extend({ plan: z.string(), isSuspended: z.boolean(), createdAt: isoTime });
export type IdentityUser = z.infer<typeof identityUserSchema>;

/** `rpc.identity.suspend {userId, suspended} -> {user | null}`: null when there is no such account. */
export const identitySuspend = rpc(
  RPC.identitySuspend,
  z.object({ userId: z.uuid(), suspended: z.boolean() }),
  z.object({ user: identityUserSchema.nullable() }),
);

/**
 * `rpc.events.delete {eventId, deletedBy, reason} -> {deleted}`: events deletes the event and
 * publishes `event.deleted`; an unknown event is answered 404 `event_not_found`.
 */
export const eventsDelete = rpc(
  RPC.eventsDelete,
  adminReasonSchema.extend({ eventId: z.uuid(), deletedBy: z.string().min(1) }),
  z.object({ deleted: z.literal(true) }),
);
