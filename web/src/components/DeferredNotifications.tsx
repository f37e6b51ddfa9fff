import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useRef } from 'react';

// The container (transitions, swipe to dismiss) is code no first screen needs: it arrives with the
// first notification, which waits in the store meanwhile.
const Notifications = lazy(() =>
  import('./NotificationsContainer').then((m) => ({ default: m.Notifications })),
);

/** Mantine's notifications, mounted from the first one shown on (and kept for their transitions). */
export function DeferredNotifications() {
  const { notifications, queue } = useNotifications();
  const needed = useRef(false);
  if (notifications.length > 0 || queue.length > 0) needed.current = true;
  if (!needed.current) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  );
}
