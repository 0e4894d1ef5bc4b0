/**
 * `npm start`: `next start` with the arguments given, after refusing a loopback IP address as the
 * hostname. Next.js started with `-H 127.0.0.1` (or `::1`) builds its own address from that literal
 * while its proxy layer calls loopback "localhost", so it takes every page's language rewrite for a
 * rewrite to another site and answers each page with a redirect to itself. `-H localhost` also
 * listens on the loopback interface only.
 */
import { spawn } from "node:child_process";

const args = process.argv.slice(2);
const LOOPBACK_ADDRESS = /^(?:127(?:\.\d{1,3}){3}|\[?(?:0*:)+:?0*1\]?)$/;

function hostnameArgument(list) {
  for (let i = 0; i < list.length; i++) {
    const [flag, inline] = list[i].split(/=(.*)/s);
    if (flag === "-H" || flag === "--hostname") return inline ?? list[i + 1];
  }
  return undefined;
}

const hostname = hostnameArgument(args);
if (hostname && LOOPBACK_ADDRESS.test(hostname)) {
  console.error(
    `next start -H ${hostname} answers every page with a redirect to itself (Next.js mistakes its own language rewrites for another site's).\n` +
      "Use -H localhost instead: it too listens on the loopback interface only.",
  );
  process.exit(1);
}

const child = spawn("next", ["start", ...args], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => (signal ? process.kill(process.pid, signal) : process.exit(code ?? 1)));
