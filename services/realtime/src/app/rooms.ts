import type { WebSocket } from 'ws';

export type Role = 'host' | 'guest';
interface Member {
  ws: WebSocket;
  role: Role;
}

/** Sockets grouped by event. A socket watches one event at a time. */
export class Rooms {
  private rooms = new Map<string, Set<Member>>();
  private bySocket = new Map<WebSocket, { eventId: string; member: Member }>();

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

  /** Sends to the room; host-only messages reach only host sockets. Answers how many got it. */
  send(eventId: string, hostOnly: boolean, payload: string): number {
    const room = this.rooms.get(eventId);
    if (!room) return 0;
    let n = 0;
    for (const m of room) {
      if (hostOnly && m.role !== 'host') continue;
      if (m.ws.readyState === m.ws.OPEN) {
        m.ws.send(payload);
        n++;
      }
    }
    return n;
  }

  get size(): number {
    return this.bySocket.size;
  }
}
