/** Connecting Calendly on its consent page (OAuth), beside the personal access token. */
export const calendly = {
  'calendly.oauth.connect': 'Connect with Calendly',
  'calendly.oauth.hint':
    'Sign in to Calendly and allow access — no token needed. Or paste a personal access token below.',
  'calendly.oauth.or_token': 'Or connect with a personal access token:',
  'calendly.auth': 'Connected with',
  'calendly.auth.oauth': 'Sign-in with Calendly',
  'calendly.auth.token': 'Personal access token',
  'calendly.oauth.failed': 'Calendly is not connected',
  'calendly.oauth.error.state':
    'The return from Calendly has expired, was already used, or was opened in another browser than the one that started connecting. Press “Connect with Calendly” again.',
  'calendly.oauth.error.denied':
    'Access was not allowed in Calendly. To connect, press the button again and allow access.',
  'calendly.oauth.error.failed': 'Calendly did not confirm the connection. Try again in a minute.',
  'calendly.oauth.error.subscription':
    'Access was granted, but the subscription has no free place for this integration. Extend it, then press “Connect”.',
} as const;
