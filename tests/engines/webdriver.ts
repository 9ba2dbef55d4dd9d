// A W3C WebDriver (classic) client for WebKitWebDriver: the few commands a walk needs, over HTTP.
// WebKitGTK has no WebDriver BiDi, and these dozen calls need no library of their own.

export interface WebDriverSession {
  readonly id: string;
  command<T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T>;
}

interface WireAnswer<T> {
  value: T | { error: string; message: string };
}

const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

async function call<T>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as WireAnswer<T>;
  const value = answer.value;
  if (!res.ok || (value && typeof value === 'object' && 'error' in value)) {
    const { error, message } = value as { error: string; message: string };
    throw new Error(`WebDriver ${method} ${path}: ${error}: ${message}`);
  }
  return value as T;
}

export async function newSession(driverUrl: string, capabilities: Record<string, unknown>): Promise<WebDriverSession> {
  const { sessionId } = await call<{ sessionId: string }>(driverUrl, 'POST', '/session', {
    capabilities: { alwaysMatch: capabilities },
  });
  return {
    id: sessionId,
    command: (method, path, body) => call(driverUrl, method, `/session/${sessionId}${path}`, body),
  };
}

/** Runs `script` (a function body; `arguments` as usual) in the page and returns its value. */
export const execute = <T>(s: WebDriverSession, script: string, args: unknown[] = []): Promise<T> =>
  s.command<T>('POST', '/execute/sync', { script, args });

/** Runs `script`, which calls `arguments[arguments.length - 1]` with its result. */
export const executeAsync = <T>(s: WebDriverSession, script: string, args: unknown[] = []): Promise<T> =>
  s.command<T>('POST', '/execute/async', { script, args });

export async function findElement(s: WebDriverSession, css: string): Promise<string> {
  const found = await s.command<Record<string, string>>('POST', '/element', { using: 'css selector', value: css });
  const id = found[ELEMENT_KEY];
  if (!id) throw new Error(`WebDriver found no element reference for ${css}`);
  return id;
}

export const elementRef = (id: string) => ({ [ELEMENT_KEY]: id });
