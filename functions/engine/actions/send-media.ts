import { ownMediaFiles } from '../../services/knowledge/media-files';
import { mediaSignature } from '../../services/knowledge/media-link';
import { extensionOf, IMAGE_EXTENSIONS } from '../../shared/knowledge';
import type { BotAction } from '../../shared/schemas/bot-actions';
import { type Turn, toolAnswer } from '../turn';
import type { ActionRunner } from './action-runner';

export type MediaAction = Extract<BotAction, { type: 'send_media' }>;

/**
 * The media action (SPEC §3, §5): the files chosen in its settings go out with the bot's reply,
 * through the chat's channel. Files deleted from their storage since are left out; when none is
 * left the model is told, so it does not promise them.
 */
export const sendMediaRunner: ActionRunner<MediaAction> = {
  parameters: () => ({ type: 'object', properties: {}, additionalProperties: false }),
  async run(turn: Turn, action: MediaAction) {
    const files = await ownMediaFiles(turn.ctx.ports.db, turn.account.id, action.settings.files);
    if (files.length === 0) {
      turn.actions.push({ name: action.name, type: 'send_media', ok: false, detail: 'files not found' });
      return toolAnswer({ ok: false, error: 'The files are no longer in the storage; do not promise them' });
    }
    const names: string[] = [];
    for (const file of files) {
      names.push(file.name);
      if (turn.attachments.some((attached) => attached.fileId === file.id)) continue;
      turn.attachments.push({
        fileId: file.id,
        name: file.name,
        contentType: file.contentType,
        sizeBytes: file.sizeBytes,
        kind: IMAGE_EXTENSIONS.includes(extensionOf(file.name)) ? 'image' : 'file',
        signature: mediaSignature(turn.ctx.settings, file.id),
      });
    }
    turn.actions.push({ name: action.name, type: 'send_media', ok: true, detail: names.join(', ') });
    return toolAnswer({ ok: true, attached: names, note: 'The files are sent with your reply' });
  },
};
