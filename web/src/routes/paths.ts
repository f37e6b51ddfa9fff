/** SPEC §2 routes. */
export const PATHS = {
  signin: '/signin',
  signup: '/signup',
  forgotPassword: '/forgot_password',
  verify: '/verify',
  enterCode: '/enter_code',
  enterNewPassword: '/enter_new_password',
  chats: '/chats',
  bots: '/bots',
  botNew: '/bots/new',
  aiAssistant: '/ai_assistant',
  check: '/check',
  history: '/history',
  balance: '/balance',
  integrations: '/integrations',
  profile: '/profile',
  partner: '/partner',
  amoInstall: '/amo/install',
} as const;

/** Where a signed-in user lands at / or on an unknown route. */
export const HOME_PATH = PATHS.bots;

/** Only a chats link may be remembered and restored after sign-in (SPEC §2). */
export const isChatsLink = (link: string | null): link is string =>
  link !== null && (link === PATHS.chats || /^\/chats[/?#]/.test(link));
