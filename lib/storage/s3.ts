import "server-only";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
  type PutObjectCommandInput,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { contentDisposition } from "./content-disposition";
import { MeterTransform, toNodeReadable } from "./meter";
import {
  assertValidKey,
  assertValidPrefix,
  isValidKey,
  newObjectKey,
  StorageNotFoundError,
  type ListOptions,
  type ObjectStore,
  type PutOptions,
  type SignedUrlOptions,
  type StoredObject,
  type StoreStatus,
} from "./types";

/** Memory held by an upload is about (UPLOAD_QUEUE_SIZE + 1) × PART_SIZE, whatever the file's size. */
const PART_SIZE = 8 * 1024 * 1024;
const UPLOAD_QUEUE_SIZE = 2;
const DESCRIBE_TIMEOUT_MS = 5000;

export interface S3StoreOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  /** Without a key pair the SDK's default credential chain applies (instance role, AWS_* variables). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  serverSideEncryption: "AES256" | "aws:kms" | "none";
  kmsKeyId?: string;
  signedUrlTtlSeconds: number;
}

export class S3Store implements ObjectStore {
  readonly kind = "s3";
  private readonly client: S3Client;

  constructor(private readonly options: S3StoreOptions) {
    const { region, endpoint, forcePathStyle, accessKeyId, secretAccessKey } = options;
    this.client = new S3Client({
      region,
      endpoint,
      forcePathStyle,
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    });
  }

  async put(prefix: string, body: ReadableStream<Uint8Array> | NodeJS.ReadableStream, options: PutOptions = {}): Promise<StoredObject> {
    const { signal } = options;
    signal?.throwIfAborted();
    const key = newObjectKey(prefix);
    const meter = new MeterTransform(options.maxBytes);
    const upload = new Upload({
      client: this.client,
      queueSize: UPLOAD_QUEUE_SIZE,
      partSize: PART_SIZE,
      leavePartsOnError: false,
      params: { Bucket: this.options.bucket, Key: key, Body: meter, ContentType: options.contentType, ...this.encryptionParams() },
    });
    const [feeding, uploading] = await Promise.allSettled([
      // An abort destroys the meter, so the Upload's reading of parts fails and it sends
      // AbortMultipartUpload before done() settles (Upload.abort() would settle done() first and
      // abort the multipart upload only later, in the background).
      pipeline(toNodeReadable(body), meter, { signal }),
      upload.done().catch((error: unknown) => {
        // An upload that stops reading would otherwise leave the source waiting forever.
        meter.destroy();
        throw error;
      }),
    ]);
    // The meter holds the root cause (source error or size limit); the upload's own error is often
    // only its consequence, or the failure to abort the multipart upload.
    const cause = signal?.aborted ? signal.reason : meter.errored;
    if (uploading.status === "rejected") throw cause ?? uploading.reason;
    if (feeding.status === "rejected" || signal?.aborted) {
      // The source failed (or the request was given up) after its last byte was sent: the object is complete but must not stay.
      await this.delete(key);
      throw cause ?? (feeding as PromiseRejectedResult).reason;
    }
    return { key, size: meter.byteCount, sha256: meter.sha256() };
  }

  async get(key: string): Promise<NodeJS.ReadableStream> {
    assertValidKey(key);
    try {
      const { Body } = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      if (!(Body instanceof Readable)) throw new Error("The S3 client returned a body that is not a Node.js stream");
      return Body;
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    assertValidKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async signedUrl(key: string, { downloadName, contentType }: SignedUrlOptions): Promise<string> {
    assertValidKey(key);
    const command = new GetObjectCommand({
      Bucket: this.options.bucket,
      Key: key,
      ResponseContentDisposition: contentDisposition(downloadName, "attachment"),
      ResponseContentType: contentType,
    });
    return getSignedUrl(this.client, command, { expiresIn: this.options.signedUrlTtlSeconds });
  }

  async *list(prefix: string, options: ListOptions = {}): AsyncIterable<string> {
    if (prefix !== "") assertValidPrefix(prefix);
    const pages = paginateListObjectsV2({ client: this.client }, { Bucket: this.options.bucket, Prefix: prefix === "" ? undefined : `${prefix}/` });
    for await (const page of pages) {
      for (const { Key, LastModified } of page.Contents ?? []) {
        if (options.modifiedBefore && !(LastModified && LastModified < options.modifiedBefore)) continue;
        // Objects written by other tools into a shared bucket are not ours to report.
        if (Key && isValidKey(Key)) yield Key;
      }
    }
  }

  async describe(): Promise<StoreStatus> {
    const { bucket, endpoint, region, serverSideEncryption } = this.options;
    const encryption = serverSideEncryption === "none" ? "no server-side encryption" : `server-side encryption ${serverSideEncryption}`;
    const location = `S3 bucket ${bucket} at ${endpoint ?? `AWS ${region}`} (${encryption})`;
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: bucket }), { abortSignal: AbortSignal.timeout(DESCRIBE_TIMEOUT_MS) });
      return { ok: true, location };
    } catch (error) {
      return { ok: false, location, error: describeError(error) };
    }
  }

  private encryptionParams() {
    return serverSideEncryptionParams(this.options);
  }
}

/** The parameters that make S3 encrypt what we write (every PutObject and multipart upload, ours and the upload store's). */
export function serverSideEncryptionParams(
  options: Pick<S3StoreOptions, "serverSideEncryption" | "kmsKeyId">,
): Pick<PutObjectCommandInput, "ServerSideEncryption" | "SSEKMSKeyId"> {
  switch (options.serverSideEncryption) {
    case "none":
      return {};
    case "AES256":
      return { ServerSideEncryption: "AES256" };
    case "aws:kms":
      return { ServerSideEncryption: "aws:kms", SSEKMSKeyId: options.kmsKeyId };
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.name === "NotFound");
}

/** HeadBucket answers have no body, so the SDK's message is often just "UnknownError": add the status. */
function describeError(error: unknown): string {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode;
    return `${error.name}${status ? ` (HTTP ${status})` : ""}: ${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}
