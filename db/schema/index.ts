export * from './accounts';
export * from './billing';
export * from './bots';
export * from './chats';
export * from './history';
export * from './integrations';
export * from './jobs';
export * from './knowledge';
