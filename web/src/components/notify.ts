import { notifications } from '@mantine/notifications';
import { errorText } from '../api/errors';
import { t } from '../i18n/i18n';

const closeButtonProps = () => ({ 'aria-label': t('common.close') });

export const notifySuccess = (message: string) =>
  notifications.show({ message, color: 'green', withBorder: true, closeButtonProps: closeButtonProps() });

/** Done, but with a consequence the user should notice. */
export const notifyWarning = (message: string) =>
  notifications.show({ message, color: 'yellow', withBorder: true, closeButtonProps: closeButtonProps() });

/** A refused or failed action: the server's message, else the general unknown error. */
export const notifyError = (error: unknown) =>
  notifications.show({
    message: errorText(error),
    color: 'red',
    withBorder: true,
    closeButtonProps: closeButtonProps(),
  });
