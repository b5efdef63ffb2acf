// The deployment files (Dockerfile, compose.yaml) are checked here without a container engine:
// scripts/check-deploy.mjs (docs/deploy.md, "What CI checks").
import { describe, expect, it } from "vitest";
// @ts-expect-error a plain ES module of the scripts folder, without types
import { checkDeploy, dockerStages, serverRuntimePackages } from "../../scripts/check-deploy.mjs";

describe("deployment files", () => {
  it("compose.yaml, the Dockerfile and the server's runtime packages agree with the project", async () => {
    expect(await checkDeploy()).toEqual([]);
  });

  it("reads the packages the built server really loads (so a devDependency there would be caught)", async () => {
    const packages = (await serverRuntimePackages()) as string[];
    for (const p of ["express", "pg", "@electric-sql/pglite", "prom-client", "nodemailer"]) expect(packages).toContain(p);
    expect(packages).not.toContain("vitest");
  });

  it("reads Dockerfile stages and joined continuation lines", () => {
    const stages = dockerStages("FROM node:20 AS build\nRUN npm ci \\\n  --no-audit\n# a comment\nFROM node:20\nUSER node\n") as { name: string; lines: { op: string; args: string }[] }[];
    expect(stages.map((s) => s.name)).toEqual(["build", "1"]);
    expect(stages[0]!.lines).toEqual([{ op: "RUN", args: "npm ci --no-audit" }]);
    expect(stages[1]!.lines).toEqual([{ op: "USER", args: "node" }]);
  });
});
