// The boundary rules of eslint.config.js (import-x/no-restricted-paths) refuse what they should and
// let through what they should: each case lints a small source text as if it were a file at the
// given place in the tree, with the repository's own ESLint configuration.
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const RULE = "import-x/no-restricted-paths";

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The boundary errors ESLint reports for `code` placed at `file` (relative to the repository). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  const messages = result?.messages ?? [];
  const fatal = messages.filter((m) => m.fatal);
  expect(fatal, "the fixture parses").toEqual([]);
  return messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

const listFiles = (dir: string, keep: (name: string) => boolean = () => true): string[] =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && keep(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));

const dirs = (dir: string) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

/** `client/src/features/x/api/y.ts` → `@/features/x/api/y`. */
const clientAlias = (file: string) => "@/" + path.relative("client/src", file).replace(/\.tsx?$/, "");
const isSource = (name: string) => /\.tsx?$/.test(name) && !name.endsWith(".test.ts");

describe("client features use each other only through api/", () => {
  const features = dirs("client/src/features");

  it("there are features to check", () => {
    expect(features.length).toBeGreaterThan(2);
  });

  for (const feature of features) {
    const other = features.find((f) => f !== feature)!;
    const here = `client/src/features/${feature}/components/fixture.tsx`;
    const internals = listFiles(`client/src/features/${other}`, isSource).filter((f) => !f.includes("/api/"));
    const apis = listFiles(`client/src/features/${other}/api`, isSource);

    it(`${feature} may not import ${other}'s components or pages (alias and relative)`, async () => {
      expect(internals.length).toBeGreaterThan(0);
      const internal = internals[0]!;
      const viaAlias = await boundaryErrors(here, `import * as x from "${clientAlias(internal)}";\nexport default x;\n`);
      expect(viaAlias).toHaveLength(1);
      expect(viaAlias[0]).toMatch(/only through that feature's api\//);
      const relative = path.relative(path.dirname(here), internal).replace(/\.tsx?$/, "");
      const viaRelative = await boundaryErrors(here, `import * as x from "${relative}";\nexport default x;\n`);
      expect(viaRelative).toHaveLength(1);
    });

    it(`${feature} may import ${other}'s api/ and its own internals`, async () => {
      expect(apis.length).toBeGreaterThan(0);
      const own = listFiles(`client/src/features/${feature}`, isSource)[0]!;
      const code = `import * as a from "${clientAlias(apis[0]!)}";\nimport * as b from "${clientAlias(own)}";\nexport default [a, b];\n`;
      expect(await boundaryErrors(here, code)).toEqual([]);
    });
  }
});

describe("client layers: lib and components below features, features below the app", () => {
  const featureFile = "@/features/ladder/api/get-teams";

  it("lib/ may not import a feature or the app shell", async () => {
    const errors = await boundaryErrors(
      "client/src/lib/fixture.ts",
      `import * as a from "${featureFile}";\nimport * as b from "@/app/router";\nexport default [a, b];\n`,
    );
    expect(errors).toHaveLength(2);
  });

  it("components/ui may not import a feature", async () => {
    const errors = await boundaryErrors("client/src/components/ui/fixture.tsx", `import * as a from "${featureFile}";\nexport default a;\n`);
    expect(errors).toEqual([expect.stringMatching(/lib\/ and components\/ sit below/)]);
  });

  it("a feature may not import the app shell", async () => {
    const errors = await boundaryErrors("client/src/features/ladder/pages/fixture.tsx", `import * as a from "@/app/router";\nexport default a;\n`);
    expect(errors).toEqual([expect.stringMatching(/do not import the app shell/)]);
  });

  it("the app shell may import pages, lib and components", async () => {
    const code = `import * as a from "@/features/ladder/pages/ladder-page";\nimport * as b from "@/lib/utils";\nimport * as c from "@/components/ui/button";\nexport default [a, b, c];\n`;
    expect(await boundaryErrors("client/src/app/fixture.tsx", code)).toEqual([]);
  });
});

describe("client, server and shared", () => {
  it("the client may not import server code", async () => {
    const errors = await boundaryErrors("client/src/lib/fixture.ts", `import * as a from "../../../server/lib/app-error";\nexport default a;\n`);
    expect(errors).toEqual([expect.stringMatching(/client never imports server code/)]);
  });

  it("the server may not import client code", async () => {
    const errors = await boundaryErrors("server/lib/fixture.ts", `import * as a from "../../client/src/lib/format";\nexport default a;\n`);
    expect(errors).toEqual([expect.stringMatching(/server never imports client code/)]);
  });

  it("shared/ may import neither side, and both sides may import shared/", async () => {
    const errors = await boundaryErrors(
      "shared/fixture.ts",
      `import * as a from "../server/lib/app-error";\nimport * as b from "../client/src/lib/format";\nexport default [a, b];\n`,
    );
    expect(errors).toHaveLength(2);
    expect(await boundaryErrors("client/src/lib/fixture.ts", `import * as a from "@shared/constants";\nexport default a;\n`)).toEqual([]);
    expect(await boundaryErrors("server/lib/fixture.ts", `import * as a from "../../shared/constants";\nexport default a;\n`)).toEqual([]);
  });
});

describe("server modules use each other only through services", () => {
  const modules = dirs("server/modules");
  const here = (m: string) => `server/modules/${m}/fixture.ts`;
  const internalOf = (m: string) =>
    listFiles(`server/modules/${m}`, isSource).find((f) => !/\.(service|fixtures)\.ts$/.test(f) && !f.endsWith("/index.ts"));

  for (const module of modules) {
    const other = modules.find((m) => m !== module && internalOf(m))!;
    it(`${module} may not import ${other}'s internals`, async () => {
      const internal = internalOf(other)!;
      const relative = path.relative(`server/modules/${module}`, internal).replace(/\.ts$/, "");
      const errors = await boundaryErrors(here(module), `import * as a from "${relative}";\nexport default a;\n`);
      expect(errors).toEqual([expect.stringMatching(/only through its services/)]);
    });
  }

  it("a module may import another module's service and fixtures, and its own internals", async () => {
    const code = [
      `import * as a from "../ladder/ladder.service";`,
      `import * as b from "../matches/matches.fixtures";`,
      `import * as c from "./challenges.routes";`,
      `export default [a, b, c];`,
    ].join("\n");
    expect(await boundaryErrors(here("challenges"), code + "\n")).toEqual([]);
  });

  it("an exemption covers only the files it names, for the module it names", async () => {
    expect(await boundaryErrors(here("disputes"), `import * as a from "../matches/match-view";\nexport default a;\n`)).toEqual([]);
    expect(await boundaryErrors(here("disputes"), `import * as a from "../matches/sweep";\nexport default a;\n`)).toHaveLength(1);
    expect(await boundaryErrors(here("admin"), `import * as a from "../matches/match-view";\nexport default a;\n`)).toHaveLength(1);
  });
});

describe("mutations go through the app's useMutation (client/src/lib/mutation.ts)", () => {
  const restricted = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
  };

  it("a feature's hook may not take useMutation from TanStack Query", async () => {
    const file = "client/src/features/challenges/api/fixture.ts";
    expect(await restricted(file, `import { useMutation } from "@tanstack/react-query";\nexport const m = useMutation;\n`)).toEqual([
      expect.stringContaining("Use useMutation from @/lib/mutation."),
    ]);
    expect(await restricted(file, `import { useQuery } from "@tanstack/react-query";\nimport { useMutation } from "@/lib/mutation";\nexport const m = [useQuery, useMutation];\n`)).toEqual([]);
  });

  it("every mutation hook of the client uses it", () => {
    const hooks = listFiles("client/src", isSource).filter((f) => fs.readFileSync(path.join(root, f), "utf8").includes("useMutation("));
    expect(hooks.length).toBeGreaterThan(20);
    for (const f of hooks.filter((f) => f !== "client/src/lib/mutation.ts")) {
      expect(fs.readFileSync(path.join(root, f), "utf8"), f).toMatch(/import \{ useMutation \} from "@\/lib\/mutation";/);
    }
  });
});
