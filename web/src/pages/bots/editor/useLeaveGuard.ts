import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * Leaving the editor with unsaved changes asks first: navigation inside the app is held until the
 * user decides, and closing or reloading the tab gets the browser's own question.
 */
export function useLeaveGuard(dirty: boolean) {
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  /** The next navigation is the editor's own (after saving a new bot) and is not held. */
  const allowNext = () => {
    allowed.current = true;
  };
  return { blocker, allowNext };
}
