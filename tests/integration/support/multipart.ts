import { randomBytes } from "node:crypto";

/** Bytes that sniff as each accepted type. */
export const samples = {
  pdf: () => Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(2000)]),
  png: () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(500)]),
  dicom: () => Buffer.concat([Buffer.alloc(128), Buffer.from("DICM"), randomBytes(1000)]),
  exe: () => Buffer.concat([Buffer.from("MZ"), randomBytes(1000)]),
};

export interface Part {
  name: string;
  value?: string;
  file?: { name: string; type?: string; data: Buffer | AsyncIterable<Buffer> };
}

const BOUNDARY = "----afyatestboundary7MA4YWxkTrZu0gW";
export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** A streamed multipart body (so tests can send very large or broken bodies without buffering them). */
export async function* multipartBody(parts: Part[], options: { truncateAfterBytes?: number; failAfterBytes?: number } = {}): AsyncGenerator<Buffer> {
  let sent = 0;
  async function* emit(chunk: Buffer): AsyncGenerator<Buffer> {
    if (options.failAfterBytes !== undefined && sent + chunk.length > options.failAfterBytes) throw new Error("client went away");
    if (options.truncateAfterBytes !== undefined && sent + chunk.length > options.truncateAfterBytes) {
      yield chunk.subarray(0, Math.max(0, options.truncateAfterBytes - sent));
      sent = options.truncateAfterBytes;
      return;
    }
    sent += chunk.length;
    yield chunk;
  }
  for (const part of parts) {
    const disposition = part.file
      ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.file.name}"\r\nContent-Type: ${part.file.type ?? "application/octet-stream"}\r\n\r\n`
      : `Content-Disposition: form-data; name="${part.name}"\r\n\r\n`;
    yield* emit(Buffer.from(`--${BOUNDARY}\r\n${disposition}`));
    if (options.truncateAfterBytes !== undefined && sent >= options.truncateAfterBytes) return;
    if (part.file) {
      const data = part.file.data;
      if (Buffer.isBuffer(data)) yield* emit(data);
      else for await (const chunk of data) yield* emit(chunk);
    } else yield* emit(Buffer.from(part.value ?? ""));
    if (options.truncateAfterBytes !== undefined && sent >= options.truncateAfterBytes) return;
    yield* emit(Buffer.from("\r\n"));
  }
  yield* emit(Buffer.from(`--${BOUNDARY}--\r\n`));
}

export function toStream(body: AsyncIterable<Buffer>): ReadableStream<Uint8Array> {
  const iterator = body[Symbol.asyncIterator]();
  return new ReadableStream({
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(new Uint8Array(next.value));
      } catch (error) {
        controller.error(error);
      }
    },
  });
}

/** `size` bytes of zeros after a PDF header, generated in 1 MiB chunks. */
export async function* largePdf(size: number): AsyncGenerator<Buffer> {
  const header = Buffer.from("%PDF-1.4\n");
  yield header;
  const chunk = Buffer.alloc(1024 * 1024);
  for (let left = size - header.length; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
}

/** The fields of a valid records submission (guest variant). */
export function validFields(overrides: Record<string, string | undefined> = {}): Part[] {
  const fields: Record<string, string | undefined> = {
    name: "Amina Bello",
    email: "amina.guest@example.com",
    phone: "+234 803 000 0000",
    country: "Nigeria",
    homeCountry: "Nigeria",
    medicalCondition: "Coronary artery disease",
    specialty: "cardiology",
    urgency: "urgent",
    preferredCountries: JSON.stringify(["Turkey"]),
    budget: "5k-15k",
    message: "Looking for a second opinion on bypass surgery.",
    consent: "true",
    consentFullName: "Amina Bello",
    consentEmail: "amina.guest@example.com",
    consentDate: "2026-11-22",
    ...overrides,
  };
  return Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ({ name, value }));
}

/** The records form's fields as the JSON body of a submission that announces its files (their names differ from the multipart form's). */
export function validJsonFields(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    patientName: "Amina Bello",
    email: "amina.guest@example.com",
    phone: "+234 803 000 0000",
    homeCountry: "Nigeria",
    medicalCondition: "Coronary artery disease",
    specialty: "cardiology",
    urgency: "urgent",
    preferredCountries: ["Turkey"],
    consent: true,
    consentFullName: "Amina Bello",
    consentEmail: "amina.guest@example.com",
    consentDate: "2026-11-22",
    ...overrides,
  };
}
