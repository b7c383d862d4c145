import type { IncomingMessage } from 'node:http';
import { metrics } from '@opentelemetry/api';
import { WebSocketServer, type WebSocket } from 'ws';
import { z } from 'zod';
import { RPC, liveNotice, type EventRecord } from '@afterglow/contracts';
import { principalOf, type ServiceModule } from '@afterglow/service-kit';
import { Rooms } from './app/rooms';

const joinMessage = z.object({ type: z.literal('join'), eventId: z.string().min(1).max(64) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_MESSAGE_BYTES = 4096;
const MAX_MESSAGES_PER_10S = 30;

/**
 * WebSocket `/ws`. A client sends {type:'join', eventId}; the server answers {type:'joined', eventId}
 * and from then on forwards photo_uploaded, photo_moderated and photo_approved for that event.
 * Guest-facing sockets receive only photo_approved, and only for photos guests may see; the event's
 * host (by session, never by a claim in the message) receives everything.
 */
export const realtimeModule: ServiceModule = {
  name: 'realtime',
  deps: ['events'],
  async start(ctx) {
    const rooms = new Rooms();
    const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
    const log = ctx.logger.child({ part: 'ws' });
    const meter = metrics.getMeter('afterglow-realtime');
    const upgrades = meter.createCounter('afterglow.realtime.upgrades', {
      description: 'WebSocket upgrades on /ws, by result',
    });
    const connections = meter.createObservableGauge('afterglow.realtime.connections', {
      description: 'Open WebSocket connections on this instance',
    });
    const observe = (r: { observe(v: number): void }) => r.observe(wss.clients.size);
    connections.addCallback(observe);

    const sub = await ctx.bus.subscribe(liveNotice.subject, (msg) => {
      const parsed = liveNotice.schema.safeParse(msg.data);
      if (!parsed.success) return;
      const n = parsed.data;
      const payload = JSON.stringify({
        type: n.type,
        eventId: n.eventId,
        photoId: n.photoId,
        status: n.status,
      });
      rooms.send(n.eventId, n.audience !== 'all', payload);
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
        let parsed: z.infer<typeof joinMessage>;
        try {
          if (isBinary) throw new Error('binary');
          parsed = joinMessage.parse(JSON.parse(raw.toString()));
        } catch {
          ws.send(JSON.stringify({ type: 'error', message: 'Send {"type":"join","eventId":"…"}' }));
          return;
        }
        // Rooms are joined by event id: a code (or anything else) is answered like an unknown id,
        // so the socket is no way around the gateway's limit on guessing codes.
        if (!UUID.test(parsed.eventId)) {
          ws.send(JSON.stringify({ type: 'error', message: 'Event not found' }));
          return;
        }
        let event: EventRecord | null = null;
        try {
          event = await ctx.bus.request<{ idOrCode: string }, EventRecord | null>(
            RPC.eventsGet,
            { idOrCode: parsed.eventId },
            { timeoutMs: 3000 },
          );
        } catch (err) {
          log.warn({ err: String(err) }, 'event lookup failed');
          ws.send(JSON.stringify({ type: 'error', message: 'Could not join right now, please retry' }));
          return;
        }
        if (!event) {
          ws.send(JSON.stringify({ type: 'error', message: 'Event not found' }));
          return;
        }
        const role = principal && (principal.userId === event.hostId || principal.isAdmin) ? 'host' : 'guest';
        rooms.join(ws, event.id, role);
        ws.send(JSON.stringify({ type: 'joined', eventId: event.id, role }));
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
        for (const ws of wss.clients) ws.close(1001, 'Server shutting down');
        await new Promise<void>((r) => wss.close(() => r()));
      },
    };
  },
};
