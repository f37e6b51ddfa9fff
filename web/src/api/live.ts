import ReconnectingWebSocket from 'partysocket/ws';
import { useEffect, useRef, useState } from 'react';
import { api } from './client';

/** What a room tells its browsers: which chat changed and how (functions/engine/publish.ts). */
export interface RoomEvent {
  chat_id: string;
  type: 'message' | 'state';
}

const isRoomEvent = (value: unknown): value is RoomEvent =>
  typeof value === 'object' && value !== null && typeof (value as RoomEvent).chat_id === 'string';

/**
 * Follows a realtime room whose address (with its short-lived token) the API hands out at `path`;
 * each reconnect asks for a fresh address. Answers whether the socket is open, so screens poll only
 * while it is not.
 */
export function useLiveRoom(path: string, onEvent: (event: RoomEvent) => void): boolean {
  const [open, setOpen] = useState(false);
  const handler = useRef(onEvent);
  handler.current = onEvent;

  useEffect(() => {
    const socket = new ReconnectingWebSocket(async () => (await api<{ url: string }>('GET', path)).url, [], {
      maxReconnectionDelay: 30_000,
    });
    const opened = () => setOpen(true);
    const closed = () => setOpen(false);
    const received = (message: MessageEvent) => {
      try {
        const event: unknown = JSON.parse(String(message.data));
        if (isRoomEvent(event)) handler.current(event);
      } catch (error) {
        console.error('a room sent something that is not JSON', error);
      }
    };
    socket.addEventListener('open', opened);
    socket.addEventListener('close', closed);
    socket.addEventListener('message', received);
    return () => {
      socket.removeEventListener('close', closed);
      socket.close();
    };
  }, [path]);

  return open;
}
