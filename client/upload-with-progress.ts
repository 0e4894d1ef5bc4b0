/**
 * Browser upload of a multipart form with progress per file. One request carries all files (as the
 * API expects); each file's share of the bytes sent so far is derived from the order and sizes of the
 * files in the body, so every file shows its own progress bar on a slow connection.
 */
export interface UploadResult {
  status: number;
  body: unknown;
  text: string;
}

export class UploadNetworkError extends Error {
  constructor(readonly failedFileIndex: number | null) {
    super("network");
  }
}

export function uploadWithProgress(options: {
  url: string;
  fields: Record<string, string>;
  fileField: string;
  files: File[];
  headers?: Record<string, string>;
  onProgress: (perFile: number[]) => void;
}): Promise<UploadResult> {
  const form = new FormData();
  // Text fields first: the server checks them (and who may add to which case) before any file.
  for (const [name, value] of Object.entries(options.fields)) form.append(name, value);
  for (const file of options.files) form.append(options.fileField, file, file.name);

  const sizes = options.files.map((file) => file.size);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let lastProgress = sizes.map(() => 0);
    xhr.open("POST", options.url);
    xhr.withCredentials = true;
    xhr.responseType = "text";
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      lastProgress = fileProgress(event.loaded, event.total, sizes);
      options.onProgress(lastProgress);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body, text: xhr.responseText });
    };
    const networkFailure = () => {
      const inFlight = lastProgress.findIndex((share) => share < 1);
      reject(new UploadNetworkError(inFlight === -1 ? null : inFlight));
    };
    xhr.onerror = networkFailure;
    xhr.ontimeout = networkFailure;
    xhr.onabort = networkFailure;
    xhr.send(form);
  });
}

export type UploadOptions = Parameters<typeof uploadWithProgress>[0];

/**
 * Each file's share (0..1) of a multipart body of which `loaded` bytes are sent. Fields and part
 * headers (the body's bytes that are not file content) are counted as coming before the files.
 */
export function fileProgress(loaded: number, bodySize: number, sizes: number[]): number[] {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  let offset = Math.max(0, bodySize - total);
  return sizes.map((size) => {
    const share = size === 0 ? (loaded >= offset ? 1 : 0) : Math.min(1, Math.max(0, (loaded - offset) / size));
    offset += size;
    return share;
  });
}
