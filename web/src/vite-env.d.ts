/// <reference types="vite/client" />

/** A language's compiled catalog (web/vite.config.ts). */
declare module 'virtual:catalog/*' {
  const messages: import('@lingui/core').Messages;
  export default messages;
}
