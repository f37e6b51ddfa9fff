import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { roomSocketUrl } from '../../functions/ports/rooms';
import { ROOM_CLOSE } from '../../functions/shared/room-revoke';
import { signRoomToken } from '../../functions/shared/room-token';
import { codeFrom, signedInUser } from './support/client';
import { closedWith, dropSockets, openSocket, rawUpgrade, roomServerApp } from './support/room-server';

const LIMITS = { perIp: 3, perRoom: 4 };
const room = roomServerApp(LIMITS);
afterEach(dropSockets);

const newRoom = () => `integration-${crypto.randomUUID()}`;
const joinUrl = (name: string) => room.t.rooms.joinUrl(name, new Date());

/** Opens a socket that must be let in. */
async function member(url: string, ip?: string): Promise<WebSocket> {
  const socket = await openSocket(url, ip);
  if (typeof socket === 'number') throw new Error(`refused with ${socket}`);
  return socket;
}

/** Whether a socket in `name` hears a publish there: the server is alive and serving rooms. */
async function roomsStillServe(name = newRoom()) {
  const socket = await member(await joinUrl(name), '10.9.9.9');
  const heard = once(socket, 'message');
  await room.t.rooms.publish(name, { type: 'ping' });
  expect(String((await heard)[0])).toBe('{"type":"ping"}');
  socket.terminate();
  expect((await fetch(`${room.origin}/api/health/live`)).status).toBe(200);
}

/** Opens sockets until one is let in: a closed socket's place frees when the server sees it close. */
async function memberOnceFreed(url: string, ip?: string): Promise<WebSocket> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const socket = await openSocket(url, ip);
    if (typeof socket !== 'number') return socket;
    await new Promise((done) => setTimeout(done, 20));
  }
  throw new Error('the place never freed');
}

describe('the embedded room server under bad clients', () => {
  it('answers a malformed room escape with 400 and keeps serving', async () => {
    const answer = await rawUpgrade(room.origin, '/parties/main/%E0%A4%A?token=x');
    expect(answer.status).toBe('HTTP/1.1 400 Bad Request');
    await once(answer.socket, 'close');
    await roomsStillServe();
  });

  it('closes a socket that sends an oversize frame (1009) and keeps serving', async () => {
    const socket = await member(await joinUrl(newRoom()));
    socket.send('x'.repeat(5_000));
    expect(await closedWith(socket)).toBe(1009);
    await roomsStillServe();
  });

  it('closes a socket that sends a garbage frame (1002) and keeps serving', async () => {
    const url = new URL(await joinUrl(newRoom()));
    const answer = await rawUpgrade(room.origin, `${url.pathname}${url.search}`);
    expect(answer.status).toBe('HTTP/1.1 101 Switching Protocols');
    // A masked frame with the reserved opcode 3.
    answer.socket.write(Buffer.from([0x83, 0x80, 1, 2, 3, 4]));
    const [reply] = (await once(answer.socket, 'data')) as [Buffer];
    expect(reply[0]).toBe(0x88);
    expect(reply.readUInt16BE(2)).toBe(1002);
    answer.socket.destroy();
    await roomsStillServe();
  });
});

describe('caps on room sockets', () => {
  it('refuses sockets over the cap per IP with 429 and lets one in again when one closes', async () => {
    const ip = '10.2.0.1';
    const sockets = [];
    for (let i = 0; i < LIMITS.perIp; i++) sockets.push(await member(await joinUrl(newRoom()), ip));
    expect(await openSocket(await joinUrl(newRoom()), ip)).toBe(429);
    expect(typeof (await openSocket(await joinUrl(newRoom()), '10.2.0.2'))).toBe('object');
    sockets[0]?.close();
    await memberOnceFreed(await joinUrl(newRoom()), ip);
  });

  it('refuses sockets over the cap per room with 503 and lets one in again when one closes', async () => {
    const name = newRoom();
    const url = await joinUrl(name);
    const sockets = [];
    for (let i = 0; i < LIMITS.perRoom; i++) sockets.push(await member(url, `10.3.0.${i + 1}`));
    expect(await openSocket(url, '10.3.1.1')).toBe(503);
    expect(typeof (await openSocket(await joinUrl(newRoom()), '10.3.1.1'))).toBe('object');
    sockets[0]?.terminate();
    await memberOnceFreed(url, '10.3.1.1');
  });

  it('frees the places of refused sockets', async () => {
    const ip = '10.4.0.1';
    for (let i = 0; i < LIMITS.perIp + 2; i++) {
      expect(await openSocket(`${room.origin.replace('http', 'ws')}/parties/main/r?token=bad`, ip)).toBe(401);
    }
    await member(await joinUrl(newRoom()), ip);
  });
});

describe('sockets do not outlive their rights', () => {
  it('closes a socket when its token expires', async () => {
    const name = newRoom();
    const token = signRoomToken(room.t.rooms.secret, name, new Date(), { seconds: 2 });
    const socket = await member(roomSocketUrl(room.origin, name, token));
    expect(await closedWith(socket)).toBe(ROOM_CLOSE.expired.code);
  });

  /** A session of the user following the account's room live, as the Chats page does. */
  async function liveSession(email: string, password: string) {
    const login = await room.call('POST', '/api/login', { body: { email, password } });
    const token = login.json.token as string;
    const live = await room.call('GET', '/api/chats/live', { token });
    const url = live.json.url as string;
    return { token, url, socket: await member(url) };
  }

  it("closes the session's sockets on logout, and only that session's", async () => {
    const user = await signedInUser(room.t);
    const first = await liveSession(user.email, user.password);
    const second = await liveSession(user.email, user.password);
    const closed = closedWith(first.socket);
    expect((await room.call('POST', '/api/logout', { token: first.token })).status).toBe(200);
    expect(await closed).toBe(ROOM_CLOSE.revoked.code);
    expect(second.socket.readyState).toBe(second.socket.OPEN);
    // The ended session's address, token still unexpired, opens no new socket.
    expect(await openSocket(first.url)).toBe(401);
    expect(typeof (await openSocket(second.url))).toBe('object');
  });

  it("closes the other sessions' sockets on a password change, keeping the current one's", async () => {
    const user = await signedInUser(room.t);
    const current = await liveSession(user.email, user.password);
    const other = await liveSession(user.email, user.password);
    const closed = closedWith(other.socket);
    const changed = await room.call('POST', '/api/change_password', {
      token: current.token,
      body: { new_password: 'changed-pass-1', new_password_confirmation: 'changed-pass-1' },
    });
    expect(changed.status).toBe(200);
    expect(await closed).toBe(ROOM_CLOSE.revoked.code);
    expect(current.socket.readyState).toBe(current.socket.OPEN);
  });

  it("closes every session's sockets on a password reset", async () => {
    const user = await signedInUser(room.t);
    const sessions = [
      await liveSession(user.email, user.password),
      await liveSession(user.email, user.password),
    ];
    const closed = sessions.map((session) => closedWith(session.socket));
    await room.call('POST', '/api/send-reset-code', { body: { email: user.email } });
    const reset = await room.call('POST', '/api/reset-password', {
      body: { email: user.email, code: codeFrom(room.t, user.email), password: 'brand-new-pass' },
    });
    expect(reset.status).toBe(200);
    expect(await Promise.all(closed)).toEqual([ROOM_CLOSE.revoked.code, ROOM_CLOSE.revoked.code]);
  });
});
