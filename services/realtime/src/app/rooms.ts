import type { WebSocket } from 'ws';

export type Role = 'host' | 'guest';
interface Member {
  ws: WebSocket;
  role: Role;
}

/**
 * Sockets a fan-out sends to before it lets the event loop run other work; the rest follow at once
 * after. A wall of 10,000 screens is ~150 ms of sends on one core: in slices, the requests the process
 * also serves (in the embedded profile, every service's) wait at most one slice.
 */
export const SLICE = 500;

/**
 * A socket with more than this written and not yet taken by the network is not reading (a phone
 * asleep, a stalled link): it is closed, and its page reconnects and catches up, rather than every
 * message being kept for it without bound.
 */
export const MAX_BUFFERED_BYTES = 1 << 20;

/** One message on its way to a room's sockets as they were when it arrived. */
interface FanOut {
  members: Member[];
  data: Buffer;
  next: number;
}

/** Sockets grouped by event. A socket watches one event at a time. */
export class Rooms {
  private rooms = new Map<string, Set<Member>>();
  private bySocket = new Map<WebSocket, { eventId: string; member: Member }>();
  /** each room's messages still being sent, in arrival order: a socket gets a room's messages in order */
  private sending = new Map<string, FanOut[]>();

  constructor(private readonly slice = SLICE) {}

  join(ws: WebSocket, eventId: string, role: Role): void {
    this.leave(ws);
    const member = { ws, role };
    let room = this.rooms.get(eventId);
    if (!room) this.rooms.set(eventId, (room = new Set()));
    room.add(member);
    this.bySocket.set(ws, { eventId, member });
  }

  leave(ws: WebSocket): void {
    const cur = this.bySocket.get(ws);
    if (!cur) return;
    const room = this.rooms.get(cur.eventId);
    room?.delete(cur.member);
    if (room && room.size === 0) this.rooms.delete(cur.eventId);
    this.bySocket.delete(ws);
  }

  /** Everyone leaves the event's room (the event is gone); their sockets stay open. */
  close(eventId: string): void {
    const room = this.rooms.get(eventId);
    if (!room) return;
    for (const m of room) this.bySocket.delete(m.ws);
    this.rooms.delete(eventId);
  }

  /**
   * Sends to the room; host-only messages reach only host sockets. The message is encoded once and the
   * same bytes go to every socket. Up to a slice of sockets get it at once; a larger room gets it slice
   * by slice, the event loop free in between. Answers how many sockets it is for.
   */
  send(eventId: string, hostOnly: boolean, payload: string | Buffer): number {
    const room = this.rooms.get(eventId);
    if (!room) return 0;
    const members = hostOnly ? [...room].filter((m) => m.role === 'host') : [...room];
    if (!members.length) return 0;
    const job = { members, data: typeof payload === 'string' ? Buffer.from(payload) : payload, next: 0 };
    const queue = this.sending.get(eventId);
    if (queue) {
      queue.push(job);
      return members.length;
    }
    this.deliver(job);
    if (job.next < members.length) {
      this.sending.set(eventId, [job]);
      setImmediate(() => this.drain(eventId));
    }
    return members.length;
  }

  /** The next slice of the room's oldest message still being sent (and of the next ones, if the slice has room). */
  private drain(eventId: string): void {
    const queue = this.sending.get(eventId);
    if (!queue) return;
    let budget = this.slice;
    while (queue.length && budget > 0) {
      const job = queue[0]!;
      budget -= this.deliver(job, budget);
      if (job.next >= job.members.length) queue.shift();
    }
    if (queue.length) setImmediate(() => this.drain(eventId));
    else this.sending.delete(eventId);
  }

  /** Sends the job's message to its next `budget` sockets; answers how many it went through. */
  private deliver(job: FanOut, budget = this.slice): number {
    const end = Math.min(job.members.length, job.next + budget);
    const from = job.next;
    for (let i = from; i < end; i++) {
      const { ws } = job.members[i]!;
      if (ws.readyState !== ws.OPEN) continue;
      if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        ws.terminate();
        continue;
      }
      ws.send(job.data, { binary: false });
    }
    job.next = end;
    return end - from;
  }

  get size(): number {
    return this.bySocket.size;
  }
}
