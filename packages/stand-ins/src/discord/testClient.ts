/** For the stand-in's tests: a webhook executed over HTTP as a sender would, and the answer read whole. */
export interface Answer {
  status: number;
  headers: Headers;
  json: unknown;
}

export async function execute(
  url: string,
  body: unknown,
  { wait = false, headers = {} }: { wait?: boolean; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await fetch(`${url}${wait ? '?wait=true' : ''}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
}
