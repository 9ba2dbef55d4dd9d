// Users on the Auth emulator for tests, through its REST API (any API key is accepted there).
const AUTH = () => `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099'}`;

export interface TestUser {
  uid: string;
  email: string;
  idToken: string;
}

export async function createTestUser(prefix = 'user'): Promise<TestUser> {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const res = await fetch(`${AUTH()}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'test-pass-1234', returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`Auth emulator sign-up failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { localId: string; idToken: string };
  return { uid: body.localId, email, idToken: body.idToken };
}

/** Calls an HTTPS callable on the Functions emulator the way the client SDK does. */
export async function callFunction(
  name: string,
  data: unknown,
  idToken?: string,
): Promise<{ status: number; body: { result?: unknown; error?: { status: string; message: string } } }> {
  const host = process.env.FUNCTIONS_EMULATOR_HOST ?? '127.0.0.1:5001';
  const res = await fetch(`http://${host}/demo-price-alerts/us-central1/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(idToken ? { authorization: `Bearer ${idToken}` } : {}) },
    body: JSON.stringify({ data }),
  });
  return { status: res.status, body: (await res.json()) as never };
}
