// Where to go after signing in: the protected page a signed-out user opened (a link from a mail),
// carried as /auth?next=…. Only a path of this site is honoured: anything that could lead elsewhere
// (another origin, a scheme, "//host", backslashes, control characters) counts as no path at all.

const BASE = "https://this-site.invalid";

/** The same-site path+query+hash in `raw`, or null when it is missing or could leave the site. */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000) return null;
  // eslint-disable-next-line no-control-regex
  if (!raw.startsWith("/") || raw.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (parsed.origin !== BASE) return null;
  if (parsed.pathname === "/auth") return null;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** /auth, carrying the page to come back to (when it is a same-site path). */
export function authPathFor(next: string): string {
  const safe = safeNextPath(next);
  return safe && safe !== "/" ? `/auth?next=${encodeURIComponent(safe)}` : "/auth";
}

/** The page to land on after signing in, read from /auth's query string; '/' by default. */
export function nextPathFromSearch(search: string): string {
  return safeNextPath(new URLSearchParams(search).get("next")) ?? "/";
}
