import type { IncomingMessage } from 'node:http';
import { metrics } from '@opentelemetry/api';
import { WebSocketServer, type WebSocket } from 'ws';
import { cachedAsk } from '@afterglow/bus';
import {
  eventDeleted,
  eventsGet,
  isUuid,
  liveNotice,
  socketJoinSchema,
  socketEventDeletedSchema,
  socketPhotoSchema,
  socketServerMessageSchema,
  type EventRecord,
  type SocketJoin,
  type SocketServerMessage,
} from '@afterglow/contracts';
import { principalOf, realtimeUpgradesCounter, type ServiceModule } from '@afterglow/service-kit';
import { Rooms } from './app/rooms';

const MAX_MESSAGE_BYTES = 4096;
const MAX_MESSAGES_PER_10S = 30;

/** One message to one socket, as its schema in packages/contracts/src/realtime.ts says. */
const reply = (ws: WebSocket, m: SocketServerMessage) =>
  ws.send(JSON.stringify(socketServerMessageSchema.parse(m)));

/**
 * WebSocket `/ws`. A client sends {type:'join', eventId}; the server answers {type:'joined', eventId}
 * and from then on forwards photo_uploaded, photo_moderated and photo_approved for that event, and
 * event_deleted when it is deleted (every message is in packages/contracts/src/realtime.ts).
 * Guest-facing sockets receive only photo_approved, and only for photos guests may see; the event's
 * host (by session, never by a claim in the message) receives everything.
 */
export const realtimeModule: ServiceModule = {
  name: 'realtime',
  deps: ['events'],
  asks: ['events'],
  async start(ctx) {
    const rooms = new Rooms();
    // A join asks events for the event; its answer may be kept 5 s (the contract's keep): a wall of
    // screens joining at once (a venue's Wi-Fi back) is one lookup, not thousands. Concurrent asks share one.
    const eventOf = cachedAsk(ctx.bus, eventsGet, { timeoutMs: 3000 });
    const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
    const log = ctx.logger.child({ part: 'ws' });
    const meter = metrics.getMeter('afterglow-realtime');
    const upgrades = realtimeUpgradesCounter('afterglow-realtime');
    const connections = meter.createObservableGauge('afterglow.realtime.connections', {
      description: 'Open WebSocket connections on this instance',
    });
    const observe = (r: { observe(v: number): void }) => r.observe(wss.clients.size);
    connections.addCallback(observe);

    const sub = await ctx.bus.subscribe(liveNotice.subject, (msg) => {
      const parsed = liveNotice.schema.safeParse(msg.data);
      if (!parsed.success) return;
      const n = parsed.data;
      // Parsed and encoded once, the same bytes to every watcher: only the fields browsers get (not the audience).
      const payload = Buffer.from(JSON.stringify(socketPhotoSchema.parse(n)));
      rooms.send(n.eventId, n.audience !== 'all', payload);
    });
    // A deleted event: everyone watching it hears so (its pages show 'Event not found'), and the room
    // goes. Every instance sees the fact (a subscription, not a competing consumer).
    const deletions = await ctx.bus.subscribe(eventDeleted.subject, (msg) => {
      const parsed = eventDeleted.schema.safeParse(msg.data);
      if (!parsed.success) return;
      const { eventId } = parsed.data;
      eventOf.forget((key, last) => key === eventId.toUpperCase() || last?.id === eventId);
      rooms.send(
        eventId,
        false,
        JSON.stringify(socketEventDeletedSchema.parse({ type: 'event_deleted', eventId })),
      );
      rooms.close(eventId);
    });

    wss.on('connection', (ws: WebSocket, req: IncomingMessage) => {
      const principal = principalOf(req, ctx.secret);
      let window = Date.now();
      let count = 0;
      (ws as WebSocket & { alive?: boolean }).alive = true;
      ws.on('pong', () => ((ws as WebSocket & { alive?: boolean }).alive = true));
      ws.on('message', async (raw, isBinary) => {
        const now = Date.now();
        if (now - window > 10_000) {
          window = now;
          count = 0;
        }
        if (++count > MAX_MESSAGES_PER_10S) {
          ws.close(1008, 'Too many messages');
          return;
        }
        let parsed: SocketJoin;
        try {
          if (isBinary) throw new Error('binary');
          parsed = socketJoinSchema.parse(JSON.parse(raw.toString()));
        } catch {
          reply(ws, { type: 'error', message: 'Send {"type":"join","eventId":"…"}' });
          return;
        }
        // Rooms are joined by event id: a code (or anything else) is answered like an unknown id,
        // so the socket is no way around the gateway's limit on guessing codes.
        if (!isUuid(parsed.eventId)) {
          reply(ws, { type: 'error', message: 'Event not found' });
          return;
        }
        let event: EventRecord | null = null;
        try {
          event = await eventOf({ idOrCode: parsed.eventId });
        } catch (err) {
          log.warn({ err: String(err) }, 'event lookup failed');
          reply(ws, { type: 'error', message: 'Could not join right now, please retry' });
          return;
        }
        if (!event) {
          reply(ws, { type: 'error', message: 'Event not found' });
          return;
        }
        const role = principal && (principal.userId === event.hostId || principal.isAdmin) ? 'host' : 'guest';
        rooms.join(ws, event.id, role);
        reply(ws, { type: 'joined', eventId: event.id, role });
      });
      ws.on('close', () => rooms.leave(ws));
      ws.on('error', () => rooms.leave(ws));
    });

    const heartbeat = setInterval(() => {
      for (const ws of wss.clients as Set<WebSocket & { alive?: boolean }>) {
        if (ws.alive === false) {
          ws.terminate();
          continue;
        }
        ws.alive = false;
        ws.ping();
      }
    }, 30_000);
    heartbeat.unref();

    return {
      upgrade(req, socket, head) {
        upgrades.add(1, { result: 'accepted' });
        wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
      },
      async stop() {
        clearInterval(heartbeat);
        connections.removeCallback(observe);
        await sub.stop();
        await deletions.stop();
        for (const ws of wss.clients) ws.close(1001, 'Server shutting down');
        await new Promise<void>((r) => wss.close(() => r()));
      },
    };
  },
};
