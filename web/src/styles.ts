// Mantine's whole stylesheet, once, before anything renders (~40 KB gzipped, cached with the app).
// Per-component imports had to list every component of every page, including components used inside
// other components, and a page opened directly by URL rendered unstyled when one was missing
// (tests/e2e/styles.test.ts checks every signed-in route). Do not import
// '@mantine/core/styles/*.css' in pages: it would load those rules twice and out of order.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
