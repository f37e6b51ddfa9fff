import { postToParty } from './party-post';
import type { StreamHoldCommand, Streams, StreamTarget } from './streams';

/**
 * The production shape's streams (ports/streams.ts): one PartyKit room per stream
 * (functions/party/streams.ts) holds the socket and posts the frames to the app's public address.
 */
export class PartyKitStreams implements Streams {
  constructor(
    private readonly host: string,
    private readonly secret: string,
    private readonly publicUrl: string,
  ) {}

  async hold(target: StreamTarget): Promise<void> {
    const command: StreamHoldCommand = {
      command: 'hold',
      target: { ...target, forwardUrl: `${this.publicUrl.replace(/\/+$/, '')}${target.path}` },
    };
    await postToParty(`${this.host}/parties/streams/${encodeURIComponent(target.key)}`, this.secret, command);
  }
}
