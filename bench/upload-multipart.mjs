/**
 * The earlier upload measurement, kept for comparison (`node bench/upload.mjs --multipart`): the file in
 * one multipart POST /api/medical-submissions, after a 1 MiB warm-up; the server's memory sampled
 * every 50 ms.
 */
import { createReadStream, rmSync, statSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { multipartFields, treeRss } from "./server.mjs";

const MiB = 1024 * 1024;

function post(url, file) {
  const boundary = "----afyabench" + Date.now();
  const fields = multipartFields();
  const head = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("");
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="ct-study.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const length = Buffer.byteLength(head) + Buffer.byteLength(fileHead) + statSync(file).size + Buffer.byteLength(tail);
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/medical-submissions`, {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": length, origin: url },
    });
    req.on("response", async (response) => {
      let body = "";
      for await (const chunk of response) body += chunk;
      resolve({ status: response.statusCode, body });
    });
    req.on("error", reject);
    req.write(head + fileHead);
    const body = createReadStream(file);
    body.pipe(req, { end: false });
    body.on("end", () => req.end(tail));
  });
}

/** Seconds the multipart upload of `file` took, and the server's peak memory growth in bytes. */
export async function multipartUpload(server, file) {
  const warmUp = `${file}.small`;
  writeFileSync(warmUp, Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(MiB)]));
  const warm = await post(server.url, warmUp);
  rmSync(warmUp);
  if (warm.status !== 201) throw new Error(`warm-up upload answered ${warm.status}: ${warm.body}`);
  const baseline = treeRss(server.pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRss(server.pid))), 50);
  const started = process.hrtime.bigint();
  const result = await post(server.url, file);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(sampler);
  if (result.status !== 201) throw new Error(`upload answered ${result.status}: ${result.body}`);
  return { seconds, growth: peak - baseline };
}
