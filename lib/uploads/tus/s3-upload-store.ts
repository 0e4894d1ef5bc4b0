import "server-only";
import { S3Store as TusS3Store } from "@tus/s3-store";
import { serverSideEncryptionParams, type S3StoreOptions } from "@/lib/storage/s3";

/** Commands that create objects or parts in the bucket: each gets the configured server-side encryption. */
const WRITES = new Set(["PutObjectCommand", "CreateMultipartUploadCommand"]);

/**
 * The tus store with S3 configured: @tus/s3-store (one multipart upload per file, parts of 8 MiB),
 * with the bucket's server-side encryption added to every object and part it writes.
 */
export class S3UploadStore extends TusS3Store {
  constructor(options: Omit<S3StoreOptions, "signedUrlTtlSeconds">, expirationMs: number) {
    const { bucket, region, endpoint, forcePathStyle, accessKeyId, secretAccessKey } = options;
    super({
      partSize: 8 * 1024 * 1024,
      expirationPeriodInMilliseconds: expirationMs,
      // No object tags: expiry is the table's and the bucket lifecycle rule's business.
      useTags: false,
      s3ClientConfig: {
        bucket,
        region,
        endpoint,
        forcePathStyle,
        credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
        // Parts are streamed without a known length; the SDK's default would frame them as aws-chunked
        // with a checksum trailer, which S3-compatible stores other than AWS (s3rver among them) keep
        // as part of the bytes. The whole file's sha256 is computed when the upload finishes.
        requestChecksumCalculation: "WHEN_REQUIRED",
      },
    });
    const encryption = serverSideEncryptionParams(options);
    this.client.middlewareStack.add(
      (next, context) => async (args) => {
        if (WRITES.has(context.commandName ?? "")) Object.assign(args.input as object, encryption);
        return next(args);
      },
      { step: "initialize", name: "afyabridgeServerSideEncryption" },
    );
  }
}
