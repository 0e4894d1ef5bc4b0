// Lets CLI scripts and Node tests import modules marked `import "server-only"`: outside Next.js
// that package throws by design, so it is resolved to an empty module here.
import { register } from "node:module";

register(
  "data:text/javascript," +
    encodeURIComponent(`export async function resolve(specifier, context, next) {
      if (specifier === "server-only") return { url: "data:text/javascript,export{}", shortCircuit: true };
      return next(specifier, context);
    }`),
);
