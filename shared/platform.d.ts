// The few globals that browsers and Node both have, for shared/'s own type check
// (tsconfig.shared.json: no DOM, no Node types). The client and server builds see the real
// declarations instead (DOM lib / @types/node); this file is not part of their programs.
declare class URL {
  constructor(url: string, base?: string | URL);
  readonly href: string;
  readonly origin: string;
  readonly protocol: string;
  readonly host: string;
  readonly hostname: string;
  readonly port: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  toString(): string;
}
