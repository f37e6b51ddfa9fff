/** Realtime fan-out to browsers subscribed to a room (PartyKit in production). */
export interface Rooms {
  publish(room: string, message: unknown): Promise<void>;
}
