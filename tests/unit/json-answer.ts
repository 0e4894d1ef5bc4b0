// jsdom has neither Request nor fetch; the Better Auth client looks them up when it is created (the
// tests then give each call its answer through a fetch mock).
globalThis.Request ??= class {} as unknown as typeof Request;
globalThis.fetch ??= () => Promise.reject(new Error("Give this test's fetch an answer"));

/**
 * What fetch resolves to for a JSON answer (jsdom has no Response): the parts client/api.ts and the
 * Better Auth client read. Bodies are what the server sends (parse them with the contract where there is one).
 */
export function jsonAnswer(body: unknown, status = 200) {
  const text = JSON.stringify(body);
  const answer = {
    ok: status >= 200 && status < 300,
    status,
    statusText: "",
    headers: new Headers({ "content-type": "application/json" }),
    json: () => Promise.resolve(JSON.parse(text) as unknown),
    text: () => Promise.resolve(text),
    clone: () => answer,
  };
  return Promise.resolve(answer);
}

/** The path and JSON body of the n-th call of a fetch mock (the Better Auth client calls with a full URL). */
export function fetchCall(mock: jest.Mock, n: number): { path: string; method: string; body: unknown } {
  const [url, init = {}] = mock.mock.calls[n] as [string | URL, RequestInit | undefined];
  return {
    path: new URL(String(url), "http://localhost").pathname,
    method: init.method ?? "GET",
    body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
  };
}
