import "server-only";
/**
 * Whether an error means the database cannot be reached (server down, network cut, pool exhausted),
 * as opposed to a bug or bad data: such requests answer 503 with Retry-After instead of 500.
 * Prisma wraps driver errors differently by version and adapter, so the whole cause chain is searched
 * for known names, codes and messages.
 */
const UNAVAILABLE_NAMES = new Set(["PrismaClientInitializationError"]);
const UNAVAILABLE_CODES = new Set([
  // Prisma: cannot reach server, timed out reaching it, server closed the connection, pool timeout.
  "P1001",
  "P1002",
  "P1017",
  "P2024",
  // Node sockets.
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "EAI_AGAIN",
  // PostgreSQL: admin shutdown, crash shutdown, cannot connect now, too many connections.
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);
/** Driver adapter error kinds (error.cause.kind of a DriverAdapterError). */
const UNAVAILABLE_KINDS = new Set(["DatabaseNotReachable", "DatabaseUnavailable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Can't reach database server|Server has closed the connection|Connection refused|ECONNREFUSED|ECONNRESET|terminating connection|the database system is (starting up|shutting down)|Timed out fetching a new connection/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  return someCause(error, (value) => {
    if (typeof value.name === "string" && UNAVAILABLE_NAMES.has(value.name)) return true;
    for (const code of [value.code, value.errorCode, value.originalCode]) if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof value.kind === "string" && UNAVAILABLE_KINDS.has(value.kind)) return true;
    return typeof value.message === "string" && UNAVAILABLE_MESSAGE.test(value.message);
  });
}

/** Text PostgreSQL refuses to store (a NUL character, an invalid byte sequence): the client's input, so a 400. */
export function isUnstorableText(error: unknown): boolean {
  return someCause(
    error,
    (value) =>
      [value.code, value.originalCode].some((code) => code === "22021" || code === "22P05") ||
      (typeof value.message === "string" && /invalid byte sequence for encoding|unsupported Unicode escape sequence|`22021`|`22P05`/.test(value.message)),
  );
}

type ErrorLike = {
  name?: unknown;
  code?: unknown;
  errorCode?: unknown;
  kind?: unknown;
  originalCode?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
  errors?: unknown;
};

function someCause(error: unknown, test: (value: ErrorLike) => boolean): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 20) {
    const current = queue.shift();
    if (current === null || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    const value = current as ErrorLike;
    if (test(value)) return true;
    queue.push(value.cause, value.meta?.driverAdapterError);
    if (Array.isArray(value.errors)) queue.push(...value.errors);
  }
  return false;
}
