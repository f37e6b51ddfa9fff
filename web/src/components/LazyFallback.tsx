import { useEffect, useState } from 'react';
import { FullScreenLoader, PageLoader } from './FullScreenLoader';

/** How long a screen's code may take to arrive before a loader is worth showing. */
const SHOW_AFTER_MS = 300;

/**
 * Suspense fallback for a lazily loaded screen: nothing for a moment (a screen that arrives at once
 * shows no loader flashing by), then the full-screen or in-page loader.
 */
export function LazyFallback({ fullScreen = false }: { fullScreen?: boolean }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return fullScreen ? <FullScreenLoader /> : <PageLoader />;
}
