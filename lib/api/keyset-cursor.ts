import "server-only";
import { AppError } from "@/lib/app-error";

/** A row's place in a newest-first list: (createdAt desc, id desc). */
export interface KeysetPosition {
  createdAt: Date;
  id: string;
}

/** The opaque cursor is the last row's sort key, base64url-encoded. */
export function encodeCursor(row: KeysetPosition): string {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString("base64url");
}

export function decodeCursor(cursor: string): KeysetPosition {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as [unknown, unknown];
    const createdAt = new Date(String(at));
    if (typeof id === "string" && id.length <= 100 && !Number.isNaN(createdAt.getTime())) return { createdAt, id };
  } catch {
    // falls through to the error below
  }
  throw new AppError("bad_request", "cursor_invalid", { field: "cursor" });
}

/** The condition for the rows after `position` in (createdAt desc, id desc) order; usable with any model that has both. */
export function rowsAfter(position: KeysetPosition) {
  return { OR: [{ createdAt: { lt: position.createdAt } }, { createdAt: position.createdAt, id: { lt: position.id } }] };
}
