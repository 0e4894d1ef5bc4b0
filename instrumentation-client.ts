import { config } from "zod";

// zod 4 probes whether it may compile validators with `new Function`; the Content-Security-Policy
// (ADR 10) forbids eval, so the probe would be reported as a violation. Its interpreter is used instead.
config({ jitless: true });
