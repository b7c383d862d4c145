import { z } from 'zod';
import './jitless';
import { PHOTO_STATUSES, captureKindSchema } from './photos';

/**
 * WebSocket `/ws` (docs/api.md): the one message a browser sends and every message services/realtime
 * sends back. The service parses what it sends; browsers take the types (guest pages load no zod,
 * docs/adr/007-lean-shared-modules.md), and the server is the only producer.
 */

/** Browser → server: watch this event (its id; a code is answered like an unknown event). */
export const socketJoinSchema = z.object({ type: z.literal('join'), eventId: z.string().min(1).max(64) });

/** Server → browser: the socket now watches the event, as its host (or an admin) or as a guest. */
export const socketJoinedSchema = z.object({
  type: z.literal('joined'),
  eventId: z.uuid(),
  role: z.enum(['host', 'guest']),
});

/** Server → browser: the last message was not understood, or the event cannot be watched. */
export const socketErrorSchema = z.object({ type: z.literal('error'), message: z.string() });

/** What can happen to an event's photo, as its watchers hear it. */
export const SOCKET_PHOTO_TYPES = ['photo_uploaded', 'photo_moderated', 'photo_approved'] as const;

/**
 * Server → browser: `photo_uploaded` (host: its renditions are ready, or with `developing` its
 * thumbnail), `photo_moderated` (host),
 * `photo_approved` (everyone once guests may see it, otherwise the host only).
 */
export const socketPhotoSchema = z.object({
  type: z.enum(SOCKET_PHOTO_TYPES),
  eventId: z.uuid(),
  photoId: z.uuid(),
  status: z.enum(PHOTO_STATUSES).optional(),
  /** what was captured (ADR 030); absent, a photo */
  kind: captureKindSchema.optional(),
  /** `photo_uploaded` (host): its thumbnail is ready and it is still developing (ADR 038) */
  developing: z.literal(true).optional(),
});

/**
 * Server → browser, to everyone watching: the event was deleted (by its host or an admin). Its pages
 * show 'Event not found'; the socket no longer watches it.
 */
export const socketEventDeletedSchema = z.object({ type: z.literal('event_deleted'), eventId: z.uuid() });

/** Every message the server sends on `/ws`. */
export const socketServerMessageSchema = z.discriminatedUnion('type', [
  socketJoinedSchema,
  socketErrorSchema,
  socketPhotoSchema,
  socketEventDeletedSchema,
]);

export type SocketJoin = z.infer<typeof socketJoinSchema>;
export type SocketJoined = z.infer<typeof socketJoinedSchema>;
export type SocketError = z.infer<typeof socketErrorSchema>;
export type SocketPhotoType = (typeof SOCKET_PHOTO_TYPES)[number];
export type SocketPhoto = z.infer<typeof socketPhotoSchema>;
export type SocketEventDeleted = z.infer<typeof socketEventDeletedSchema>;
export type SocketServerMessage = z.infer<typeof socketServerMessageSchema>;
