import type { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { MAX_BUFFERED_BYTES, Rooms } from './rooms';

/** A socket as the rooms use it: what it was sent, in order, and whether it was closed. */
function fakeSocket(bufferedAmount = 0) {
  const sent: string[] = [];
  const s = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount,
    terminated: false,
    sent,
    send(data: Buffer, opts: { binary: boolean }) {
      expect(opts.binary).toBe(false);
      sent.push(data.toString());
    },
    terminate() {
      s.terminated = true;
      s.readyState = 3;
    },
  };
  return s;
}
const asWs = (s: ReturnType<typeof fakeSocket>) => s as unknown as WebSocket;
const tick = () => new Promise((r) => setImmediate(r));

describe('Rooms', () => {
  it("sends one message's bytes to every socket of the room, and host-only ones to the host's alone", () => {
    const rooms = new Rooms();
    const [host, guest, other] = [fakeSocket(), fakeSocket(), fakeSocket()];
    rooms.join(asWs(host), 'e1', 'host');
    rooms.join(asWs(guest), 'e1', 'guest');
    rooms.join(asWs(other), 'e2', 'guest');
    expect(rooms.send('e1', false, 'approved')).toBe(2);
    expect(rooms.send('e1', true, Buffer.from('uploaded'))).toBe(1);
    expect(host.sent).toEqual(['approved', 'uploaded']);
    expect(guest.sent).toEqual(['approved']);
    expect(other.sent).toEqual([]);
    rooms.leave(asWs(guest));
    expect(rooms.send('e1', false, 'again')).toBe(1);
    expect(rooms.size).toBe(2);
  });

  it('sends to a large room slice by slice, the event loop free in between, each socket getting the messages in order', async () => {
    const rooms = new Rooms(4);
    const screens = Array.from({ length: 10 }, () => fakeSocket());
    for (const s of screens) rooms.join(asWs(s), 'wall', 'guest');
    rooms.send('wall', false, 'a');
    // the first slice at once, the rest after the event loop ran
    expect(screens.filter((s) => s.sent.length === 1)).toHaveLength(4);
    rooms.send('wall', false, 'b');
    // queued behind 'a': no socket gets 'b' before 'a'
    expect(screens.every((s) => !s.sent.includes('b'))).toBe(true);
    const late = fakeSocket();
    rooms.join(asWs(late), 'wall', 'guest');
    for (let i = 0; i < 10; i++) await tick();
    for (const s of screens) expect(s.sent).toEqual(['a', 'b']);
    // a message is for the sockets in the room when it arrived
    expect(late.sent).toEqual([]);
    rooms.send('wall', false, 'c');
    for (let i = 0; i < 10; i++) await tick();
    expect(late.sent).toEqual(['c']);
  });

  it('closes a socket that is not reading rather than queue for it without bound', () => {
    const rooms = new Rooms();
    const stalled = fakeSocket(MAX_BUFFERED_BYTES + 1);
    const fine = fakeSocket(10);
    rooms.join(asWs(stalled), 'e', 'guest');
    rooms.join(asWs(fine), 'e', 'guest');
    rooms.send('e', false, 'm');
    expect(stalled.terminated).toBe(true);
    expect(stalled.sent).toEqual([]);
    expect(fine.sent).toEqual(['m']);
  });

  it("still tells everyone a deleted event's news when the room closes while it is being sent", async () => {
    const rooms = new Rooms(2);
    const screens = Array.from({ length: 5 }, () => fakeSocket());
    for (const s of screens) rooms.join(asWs(s), 'gone', 'guest');
    rooms.send('gone', false, 'event_deleted');
    rooms.close('gone');
    for (let i = 0; i < 5; i++) await tick();
    for (const s of screens) expect(s.sent).toEqual(['event_deleted']);
    expect(rooms.send('gone', false, 'later')).toBe(0);
    expect(rooms.size).toBe(0);
  });
});
