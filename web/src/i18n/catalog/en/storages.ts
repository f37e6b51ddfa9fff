import type { storages as ru } from '../ru/storages';

/** The storage management modal (SPEC §2) and the knowledge settings of the bot editor. */
export const storages: Record<keyof typeof ru, string> = {
  'storage.title': 'Storages',
  'storage.load_failed': 'Could not load the storages',
  'storage.usage': '{used} of {total} used',
  'storage.empty_title': 'No storages yet',
  'storage.empty_text':
    'Create a document storage so the bot answers from your price list, FAQ and rules, or a media storage with photos and files the bot sends to customers.',
  'storage.type.vector': 'Documents',
  'storage.type.media': 'Media',
  'storage.type.vector.hint':
    'PDF, DOCX, XLSX, CSV, TXT and MD are split into pieces; the bot finds the right ones and answers from them.',
  'storage.type.media.hint':
    'Photos, videos and files the bot sends to a customer with the “Send media” action.',
  'storage.summary': '{count, plural, one {# file} other {# files}} · {size}',
  'storage.open': 'Open',
  'storage.delete_named': 'Delete storage “{name}”',
  'storage.delete_title': 'Delete the storage?',
  'storage.delete_text':
    'Storage “{name}” will be deleted with all its files. Bots that answered from it go on working without it.',
  'storage.deleted': 'Storage deleted',
  'storage.create_title': 'New storage',
  'storage.name': 'Name',
  'storage.description': 'Description for the bot',
  'storage.description_hint': 'What the storage holds: the bot sees this next to the pieces it finds.',
  'storage.create': 'Create',
  'storage.saved': 'Storage saved',
  'storage.back': 'All storages',
  'storage.files_load_failed': 'Could not load the files',
  'storage.files_empty_title': 'No files yet',
  'storage.files_empty_text.vector':
    'Upload a price list, FAQ or rules; once indexed, the bot answers from them.',
  'storage.files_empty_text.media': 'Upload photos or files so the bot can send them to customers.',
  'storage.upload': 'Upload files',
  'storage.upload_hint': 'Or drop them here. {types} · up to {max} per file · {free} free',
  'storage.uploading': 'Uploading {name}',
  'storage.state.pending': 'Queued',
  'storage.state.indexing': 'Indexing {progress}%',
  'storage.state.ready': 'Ready',
  'storage.state.failed': 'Failed',
  'storage.index_price': 'indexing: {price}',
  'storage.retry': 'Retry',
  'storage.file_description': 'Description for the bot (optional)',
  'storage.file_description_named': 'Description of “{name}” for the bot',
  'storage.file_delete_named': 'Delete file “{name}”',
  'storage.file_delete_title': 'Delete the file?',
  'storage.file_delete_text':
    'File “{name}” will be deleted; the bot will no longer answer from it or send it.',
  'storage.file_deleted': 'File deleted',
  'bot.storage.select': 'Document storage',
  'bot.storage.none': 'No knowledge base',
  'bot.storage.hint':
    'The bot looks for answers in the storage’s documents and does not make up what is not there. Media storages are chosen in the “Send media” action.',
  'bot.storage.manage': 'Manage storages',
  'bot.action.media.files': 'Files to send',
  'bot.action.media.none': 'No files in media storages yet. Upload them in “Manage storages”.',
};
