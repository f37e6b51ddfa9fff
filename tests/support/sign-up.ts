/**
 * The one way every suite makes a signed-in account: register, confirm the e-mail with the mailed
 * code, sign in. The suites differ only in how they reach the API (in-process, inside workerd, over
 * HTTP) and where the code is mailed to (captured mail, the fake mail API, the mail folder).
 */
export interface SignUpTransport {
  /** POSTs JSON to the API; answers the status and the parsed body. */
  post(path: string, body: unknown): Promise<{ status: number; json: unknown }>;
  /** The newest code mailed to `email` (after `since`, ms). */
  code(email: string, since: number): Promise<string>;
}

export interface NewUser {
  name: string;
  email: string;
  phone: string;
  password: string;
  password_confirmation: string;
  currency: string;
  language: string;
  /** What the sign-up link carried (UTM, referral), as the SPA sends it. */
  query?: unknown;
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}${++counter}-${Date.now()}@example.com`;

export const newUser = (overrides: Partial<NewUser> = {}): NewUser => ({
  name: 'Анна',
  email: uniqueEmail(),
  phone: '7 (999) 123-45-67',
  password: 'secret-pass-1',
  password_confirmation: 'secret-pass-1',
  currency: 'rub',
  language: 'ru',
  ...overrides,
});

export async function signUp(
  transport: SignUpTransport,
  user: NewUser,
): Promise<NewUser & { token: string }> {
  const since = Date.now();
  const registered = await transport.post('/api/register', user);
  if (registered.status !== 201)
    throw new Error(`register: ${registered.status} ${JSON.stringify(registered.json)}`);
  // The server normalises the address (lower case); the code goes there.
  const email = String((registered.json as { email?: string }).email ?? user.email);
  const verified = await transport.post('/api/verify-email', {
    email,
    code: await transport.code(email, since),
  });
  if (verified.status >= 400) throw new Error(`verify: ${verified.status} ${JSON.stringify(verified.json)}`);
  const login = await transport.post('/api/login', { email, password: user.password });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.json)}`);
  return { ...user, email, token: String((login.json as { token: string }).token) };
}
