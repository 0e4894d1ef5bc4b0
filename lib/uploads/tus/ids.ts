import "server-only";
import { randomBytes } from "node:crypto";

/** A new upload id: 32 hex characters, the last segment of /api/uploads/<id>. */
export const newUploadId = () => randomBytes(16).toString("hex");

export const isUploadId = (id: string) => /^[0-9a-f]{32}$/.test(id);

/** Where a finished upload's bytes are kept, in the object store. */
export const uploadStorageKey = (id: string) => `uploads/${id}`;
