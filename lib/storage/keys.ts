import "server-only";
import { hkdfSync } from "node:crypto";

/*
 * Both keys of the local store are derived from STORAGE_ENCRYPTION_KEY (base64 of 32 bytes) with
 * HKDF-SHA256, under their own labels: the file-encryption key and the key that signs download links.
 */
const FILE_KEY_LABEL = "afyabridge/storage/file-encryption/v1";
const SIGNING_KEY_LABEL = "afyabridge/storage/signed-url/v1";

export function fileEncryptionKey(encryptionKey: string): Buffer {
  return deriveKey(encryptionKey, FILE_KEY_LABEL);
}

export function linkSigningKey(encryptionKey: string): Buffer {
  return deriveKey(encryptionKey, SIGNING_KEY_LABEL);
}

function deriveKey(encryptionKey: string, label: string): Buffer {
  return Buffer.from(hkdfSync("sha256", Buffer.from(encryptionKey, "base64"), Buffer.alloc(0), label, 32));
}

/** Seals the state of unfinished uploads (their size, file name and last partial record). */
export function uploadStateKey(encryptionKey: string): Buffer {
  return deriveKey(encryptionKey, "afyabridge/storage/upload-state/v1");
}
