import { createHash } from "node:crypto";
import { readdir, readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  body: unknown;
  type: string;
}
interface S3rverInstance {
  middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
// s3rver ships no type declarations; this is the part of its API the tests use.
const S3rver = createRequire(import.meta.url)("s3rver") as new (options: object) => S3rverInstance;

/**
 * s3rver (a local S3 for tests) with the two multipart calls it lacks and real S3 has, which the
 * resumable upload store uses to continue and to abandon an upload: ListParts (GET ?uploadId) and
 * AbortMultipartUpload (DELETE ?uploadId), answered from s3rver's own part files.
 */
export async function startS3rver(directory: string, buckets: string[]): Promise<{ port: number; close: () => Promise<void> }> {
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: buckets.map((name) => ({ name })) });
  server.middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    const [, bucket] = ctx.path.split("/");
    if (!uploadId || ctx.query.partNumber || !bucket || !["GET", "DELETE"].includes(ctx.method)) return next();
    const folder = path.join(server.store.getResourcePath(bucket, undefined, "uploads"), uploadId);
    if (ctx.method === "DELETE") {
      await rm(folder, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    let names: string[];
    try {
      names = await readdir(folder);
    } catch {
      ctx.status = 404;
      ctx.type = "application/xml";
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`;
      return;
    }
    const parts = await Promise.all(
      names
        .filter((name) => /^\d+$/.test(name))
        .map(Number)
        .sort((a, b) => a - b)
        .map(async (number) => {
          const bytes = await readFile(path.join(folder, String(number)));
          return `<Part><PartNumber>${number}</PartNumber><ETag>"${createHash("md5").update(bytes).digest("hex")}"</ETag><Size>${bytes.length}</Size></Part>`;
        }),
    );
    ctx.type = "application/xml";
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join("")}</ListPartsResult>`;
  });
  const { port } = await server.run();
  return { port, close: () => server.close() };
}

/** The app's S3 settings for a bucket of a local s3rver (its built-in account; it does not check signatures). */
export function s3rverEnv(port: number, bucket: string): Record<string, string> {
  return {
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: "us-east-1",
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_SERVER_SIDE_ENCRYPTION: "AES256",
  };
}
