// Switches for `npm run bench -- --ab` (bench/run.ts): AB_OFF=name[,name] starts this process with
// the named change to a library's usual use turned off, so one bench run can measure a server with
// it against one without (docs/performance.md, "Library patches, measured").
export const PATCHES = ["helmet-replay", "request-log-getter", "session-user-symbol", "pg-prepared"] as const;
export type PatchName = (typeof PATCHES)[number];

export function patchOff(name: PatchName, env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.AB_OFF ?? "").split(",").some((s) => s.trim() === name);
}
