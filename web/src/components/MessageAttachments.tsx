import { Anchor, Image, Stack } from '@mantine/core';

/** A file sent with a message (functions/engine/message-view.ts AttachmentView). */
export interface MessageAttachment {
  name: string;
  kind: 'image' | 'file';
  content_type: string;
  size_bytes: number;
  url: string;
}

/** The files the bot sent with a message: pictures shown, other files as links; both open in a new tab. */
export function MessageAttachments({
  attachments,
}: {
  attachments: readonly MessageAttachment[] | undefined;
}) {
  if (!attachments?.length) return null;
  return (
    <Stack gap={6} mt={6} data-testid="message-attachments">
      {attachments.map((file) =>
        file.kind === 'image' ? (
          <Anchor key={file.url} href={file.url} target="_blank" rel="noopener noreferrer">
            <Image src={file.url} alt={file.name} radius="md" mah={220} w="auto" fit="contain" />
          </Anchor>
        ) : (
          <Anchor
            key={file.url}
            href={file.url}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            style={{ wordBreak: 'break-word' }}
          >
            📎 {file.name}
          </Anchor>
        ),
      )}
    </Stack>
  );
}
