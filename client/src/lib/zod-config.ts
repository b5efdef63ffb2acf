// Imported first by main.tsx. zod 4 probes `new Function("")` to decide whether it may compile
// fast parsers; under our CSP (script-src 'self', no 'unsafe-eval') that probe is blocked and
// reported as a CSP violation. jitless skips the probe and the compiled path in the browser.
// (zod/v4/core's config is the same global config the schemas read, without pulling in zod.)
import { config } from "zod/v4/core";

config({ jitless: true });
