import { z } from 'zod';
import './jitless';

/** Bus messages: every subject with its version and schema (convention 1). */
export const photoUploaded = {
  subject: 'photo.uploaded',
  version: 1,
  schema: z.object({
    photoId: z.uuid(),
    eventId: z.uuid(),
    deviceId: z.uuid(),
    originalKey: z.string(),
    uploadedAt: z.string(),
  }),
} as const;
export const photoProcessed = {
  subject: 'photo.processed',
  version: 1,
  schema: z.object({
    photoId: z.uuid(),
    eventId: z.uuid(),
    thumbKey: z.string(),
    displayKey: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    processedAt: z.string(),
  }),
} as const;
export const photoModerated = {
  subject: 'photo.moderated',
  version: 1,
  schema: z.object({
    photoId: z.uuid(),
    eventId: z.uuid(),
    status: z.enum(['pending', 'approved', 'rejected']),
    previousStatus: z.enum(['pending', 'approved', 'rejected']),
    flagged: z.boolean(),
    at: z.string(),
  }),
} as const;
export const photoDeleted = {
  subject: 'photo.deleted',
  version: 1,
  schema: z.object({ photoId: z.uuid(), eventId: z.uuid(), at: z.string() }),
} as const;
export const eventUpdated = {
  subject: 'event.updated',
  version: 1,
  schema: z.object({ eventId: z.uuid(), code: z.string(), at: z.string() }),
} as const;
export const eventCreated = {
  subject: 'event.created',
  version: 1,
  schema: z.object({ eventId: z.uuid(), code: z.string(), hostId: z.string(), at: z.string() }),
} as const;
/** An admin deleted the event: its photos, devices and stored objects are to be removed. */
export const eventDeleted = {
  subject: 'event.deleted',
  version: 1,
  schema: z.object({
    eventId: z.uuid(),
    code: z.string(),
    hostId: z.string(),
    /** the admin who deleted it, and why */
    deletedBy: z.string(),
    reason: z.string(),
    at: z.string(),
  }),
} as const;
/**
 * An account as the identity provider describes it, at each login and each suspension. Version 2 has
 * no `plan` (billing owns plans, ADR 012); version 1 (`user.upserted`) is no longer published.
 */
export const userUpserted = {
  subject: 'user.upserted.v2',
  version: 2,
  schema: z.object({
    id: z.string(),
    email: z.string(),
    isAdmin: z.boolean(),
    isSuspended: z.boolean(),
    at: z.string(),
  }),
} as const;

/** Request/reply subjects (never stored); their request and answer schemas are in `rpc.ts`. */
export const RPC = {
  eventsGet: 'rpc.events.get',
  eventsDelete: 'rpc.events.delete',
  billingEntitlements: 'rpc.billing.entitlements',
  identityUser: 'rpc.identity.user',
  identitySuspend: 'rpc.identity.suspend',
} as const;

/** Subjects stored by the durable stream. */
export const STREAM_SUBJECTS = ['photo.>', 'event.>', 'user.>', 'payment.>'];

export interface MessageContract<S extends z.ZodType> {
  subject: string;
  version: number;
  schema: S;
}

/** A request/reply subject with the schema of its request and of its answer. */
export interface RpcContract<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  subject: string;
  request: Req;
  response: Res;
  /** askers may keep an answer this long, per `key` of the request (a change reaches them within it) */
  keep?: { ms: number; key: (request: z.infer<Req>) => string };
}
/** What an asker sends, and what it gets back. */
export type RpcRequest<C extends RpcContract> = z.input<C['request']>;
export type RpcResponse<C extends RpcContract> = z.infer<C['response']>;
/** What the answering service does with a (parsed) request. */
export type RpcHandler<C extends RpcContract> = (
  request: z.infer<C['request']>,
) => Promise<z.input<C['response']>>;
