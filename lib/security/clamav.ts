import "server-only";
import { connect, type Socket } from "node:net";

/** Where clamd listens (TCP). */
export interface ClamdAddress {
  host: string;
  port: number;
}

export type ScanResult = { infected: false } | { infected: true; signature: string };

export class ScannerError extends Error {
  override name = "ScannerError";
}

/** clamd refuses INSTREAM chunks above its StreamMaxLength; 64 KiB chunks stay far below any setting. */
const MAX_CHUNK = 64 * 1024;
const DEFAULT_TIMEOUT_MS = 120_000;

/** True when clamd answers PING with PONG. */
export async function pingClamd(address: ClamdAddress, timeoutMs = 2_000): Promise<boolean> {
  try {
    return (await command(address, timeoutMs, async (socket) => void socket.write("zPING\0"))) === "PONG";
  } catch {
    return false;
  }
}

/**
 * Streams `content` to clamd with the INSTREAM protocol: "zINSTREAM\0", then chunks each prefixed by
 * its length (4 bytes, big-endian), then a zero length. clamd answers "stream: OK" or
 * "stream: <signature> FOUND"; anything else (size limit, scanner error, timeout) is a ScannerError,
 * so the file stays unscanned rather than being called clean.
 */
export async function scanStream(address: ClamdAddress, content: AsyncIterable<Uint8Array | string>, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<ScanResult> {
  const reply = await command(address, timeoutMs, async (socket) => {
    await write(socket, Buffer.from("zINSTREAM\0"));
    for await (const piece of content) {
      const bytes = typeof piece === "string" ? Buffer.from(piece) : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
      for (let offset = 0; offset < bytes.length; offset += MAX_CHUNK) {
        const chunk = bytes.subarray(offset, offset + MAX_CHUNK);
        const length = Buffer.alloc(4);
        length.writeUInt32BE(chunk.length);
        await write(socket, Buffer.concat([length, chunk]));
      }
    }
    await write(socket, Buffer.alloc(4));
  });
  if (reply === "stream: OK") return { infected: false };
  const found = /^stream: (.+) FOUND$/.exec(reply);
  if (found) return { infected: true, signature: found[1] };
  throw new ScannerError(`clamd answered: ${reply || "(nothing)"}`);
}

/** Opens a connection, sends a request, and resolves with clamd's reply (up to its NUL terminator). */
function command(address: ClamdAddress, timeoutMs: number, send: (socket: Socket) => Promise<void>): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: address.host, port: address.port });
    const received: Buffer[] = [];
    let settled = false;
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      const reply = Buffer.concat(received)
        .toString("utf8")
        .replace(/\0[\s\S]*$/, "")
        .trim();
      // clamd may close the connection while we still write (e.g. its size limit): its reply wins.
      if (reply) resolve(reply);
      else reject(error ?? new ScannerError("clamd closed the connection without an answer"));
    };
    socket.setTimeout(timeoutMs, () => finish(new ScannerError(`clamd did not answer within ${timeoutMs} ms`)));
    socket.on("data", (data: Buffer) => {
      received.push(data);
      if (data.includes(0)) finish(null);
    });
    socket.on("end", () => finish(null));
    socket.on("close", () => finish(null));
    socket.on("error", (error) => finish(new ScannerError(`clamd at ${address.host}:${address.port}: ${error.message}`)));
    socket.once("connect", () => {
      send(socket).catch((error: unknown) => finish(error instanceof Error ? error : new Error(String(error))));
    });
  });
}

function write(socket: Socket, data: Buffer): Promise<void> {
  if (socket.destroyed) return Promise.reject(new ScannerError("clamd closed the connection"));
  return new Promise((resolve, reject) => {
    socket.write(data, (error) => (error ? reject(error) : resolve()));
  });
}
