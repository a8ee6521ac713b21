/**
 * A minimal Node.js language host ("pulumi-language-nodejs" lite) for CLI-mode `pulumi up`,
 * `preview`, `refresh` and `destroy` with the CLI that scripts/pulumi-cli.js builds from Go
 * modules. The official host (module github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3)
 * is not always obtainable from a Go module proxy; the real Pulumi installation ships it and
 * takes precedence (it lives next to the real `pulumi` binary).
 *
 * It reuses the SDK's own inline-program language server (`@pulumi/pulumi/automation/server`),
 * with the project's main module as the program: `require(programDirectory)`, whose exports
 * become the stack outputs. TypeScript is transpiled on the fly (no type checking) with the
 * project's `typescript`. Everything is resolved from the working directory the engine starts
 * the host in (the program directory), like the official host.
 *
 * Not supported (the engine reports UNIMPLEMENTED): `pulumi about` details, `pulumi install`,
 * `pulumi convert`/`new`/`package`, runtime options (nodeargs, packagemanager, typescript: false).
 * Installed by scripts/pulumi-cli.js next to the built CLI as `pulumi-language-nodejs`.
 */
"use strict";

const fs = require("fs");
const path = require("path");

const cwd = process.cwd();
function load(id) {
  return require(require.resolve(id, { paths: [cwd] }));
}

const grpc = load("@grpc/grpc-js");
const { LanguageServer } = load("@pulumi/pulumi/automation/server");
const langrpc = load("@pulumi/pulumi/proto/language_grpc_pb");
const langproto = load("@pulumi/pulumi/proto/language_pb");

/**
 * Lets `require()` load `.ts` files with the project's `typescript` (transpile only). A
 * JavaScript program needs no `typescript`: without it, only loading a `.ts` file fails.
 */
function registerTypeScript() {
  if (require.extensions[".ts"]) return;
  let ts = null;
  try {
    ts = load("typescript");
  } catch {
    ts = null;
  }
  require.extensions[".ts"] = (module, filename) => {
    if (!ts)
      throw new Error(
        `cannot load the TypeScript file ${filename}: "typescript" is not installed in ${cwd} or its parents`,
      );
    const out = ts.transpileModule(fs.readFileSync(filename, "utf8"), {
      fileName: filename,
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        esModuleInterop: true,
        inlineSourceMap: true,
      },
    });
    module._compile(out.outputText, filename);
  };
}

let main = cwd;
const server = new LanguageServer(async () => {
  registerTypeScript();
  const exported = require(main);
  return exported && typeof exported.default === "function" ? exported.default() : exported;
});

const impl = {};
for (const key of Object.keys(langrpc.LanguageRuntimeService)) {
  const name = key[0].toLowerCase() + key.slice(1);
  impl[name] =
    typeof server[name] === "function"
      ? server[name].bind(server)
      : (_call, callback) =>
          callback({
            code: grpc.status.UNIMPLEMENTED,
            message: `${key} is not implemented by the lite Node.js language host`,
          });
}
impl.getRequiredPackages = (_call, callback) =>
  callback(null, new langproto.GetRequiredPackagesResponse());
impl.run = (call, callback) => {
  const req = call.request;
  const info = req.getInfo && req.getInfo();
  const dir = (info && info.getProgramDirectory()) || req.getPwd() || cwd;
  const entry = (info && info.getEntryPoint()) || req.getProgram() || ".";
  main = path.resolve(dir, entry);
  return server.run(call, callback);
};

const grpcServer = new grpc.Server();
grpcServer.addService(langrpc.LanguageRuntimeService, impl);
grpcServer.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, port) => {
  if (err) {
    process.stderr.write(`language host: ${err.message}\n`);
    process.exit(1);
  }
  process.stdout.write(`${port}\n`);
});
