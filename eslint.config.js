import fs from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import globals from "globals";

const root = import.meta.dirname;
const subfolders = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

// ---------------------------------------------------------------------------------------------
// Boundaries (import-x/no-restricted-paths, on resolved paths: `@/…`, `@shared/…` and relative
// imports alike). What each side may import is described in client/README.md ("Boundaries") and
// docs/architecture.md; tests/lint/boundaries.test.ts shows each zone refusing an import.
// ---------------------------------------------------------------------------------------------

const FEATURE_MESSAGE =
  "A client feature uses another feature only through that feature's api/ files (its query keys, queries and mutations). Move a shared component to components/ui or a helper to lib/ (client/README.md, Boundaries).";
const MODULE_MESSAGE =
  "A server module uses another module only through its services (*.service.ts) or its index.ts; routes, mail texts and helpers are internal (docs/architecture.md, Boundaries).";

/** A client feature may import another feature's api/ only. */
const clientFeatureZones = () => {
  const features = subfolders("client/src/features");
  return features.map((feature) => ({
    target: `client/src/features/${feature}`,
    from: features.filter((other) => other !== feature).map((other) => `client/src/features/${other}`),
    except: ["./api"],
    message: FEATURE_MESSAGE,
  }));
};

/**
 * Imports of another module's internals that existed when the rule came in, each to be moved
 * behind that module's services: { importing module: [files of other modules it may still import] }.
 * Keep it shrinking; never add to it.
 */
const SERVER_MODULE_EXEMPTIONS = {
  // disputes builds match views and sends the matches module's mails: both belong behind a
  // matches service (e.g. matches.service exporting loadMatchView and the two mails).
  disputes: ["matches/match-view.ts", "matches/matches.emails.ts"],
};

/** A server module may import another module's *.service.ts, index.ts and (tests) *.fixtures.ts. */
const serverModuleZones = () => {
  const modules = subfolders("server/modules");
  const modulesDir = path.join(root, "server/modules");
  return modules.map((module) => ({
    target: `server/modules/${module}`,
    from: modules.filter((other) => other !== module).map((other) => `server/modules/${other}/**`),
    except: [
      `${modulesDir}/*/*.service.ts`,
      `${modulesDir}/*/index.ts`,
      `${modulesDir}/*/*.fixtures.ts`,
      // "@(name)" is the file name as a glob: with glob zones, import-x takes only glob exceptions.
      ...(SERVER_MODULE_EXEMPTIONS[module] ?? []).map((file) => `${modulesDir}/${path.dirname(file)}/@(${path.basename(file)})`),
    ],
    message: MODULE_MESSAGE,
  }));
};

const layerZones = [
  {
    target: ["client/src/lib", "client/src/components"],
    from: ["client/src/features", "client/src/app"],
    message: "lib/ and components/ sit below the features and the app shell: they may not import them (client/README.md, Boundaries).",
  },
  {
    target: "client/src/features",
    from: "client/src/app",
    message: "Features do not import the app shell (router, layouts, providers); the app composes the features.",
  },
  {
    target: "client",
    from: "server",
    message: "The client never imports server code: what both sides need lives in shared/.",
  },
  {
    target: "server",
    from: "client",
    message: "The server never imports client code: what both sides need lives in shared/.",
  },
  {
    target: "shared",
    from: ["client", "server"],
    message: "shared/ is compiled into both sides and imports neither.",
  },
];

export const boundaryZones = [...layerZones, ...clientFeatureZones(), ...serverModuleZones()];

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "migrations/**", "data/**", "e2e/screenshots/**", "bench/results/**", "coverage/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/no-explicit-any": "warn",
      "no-console": "off",
    },
  },
  {
    files: ["client/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    files: ["shared/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["../server/*", "../client/*", "pg", "nodemailer", "express"] }],
    },
  },
  {
    files: ["client/**/*.{ts,tsx}"],
    ignores: ["client/src/lib/mutation.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: ["**/server/**"],
          // The app's useMutation (client/src/lib/mutation.ts) never lets a refresh swallow a screen's callbacks.
          paths: [{ name: "@tanstack/react-query", importNames: ["useMutation"], message: "Use useMutation from @/lib/mutation." }],
        },
      ],
    },
  },
  {
    files: ["client/src/lib/mutation.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["**/server/**"] }],
    },
  },
  {
    files: ["client/**/*.{ts,tsx}", "server/**/*.ts", "shared/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      // Resolves `@/…` and `@shared/…` with the paths of tsconfig.json.
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: path.join(root, "tsconfig.json") })],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: root, zones: boundaryZones }],
    },
  },
);
