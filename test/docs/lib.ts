/** The documentation checker (scripts/lib/docs-check.js), typed for the tests. */
import * as path from "path";

export interface Block {
  file: string;
  line: number;
  lang: string;
  kind: "ts" | "sh" | "yaml" | "go" | "python" | "csharp" | "other";
  code: string;
  skip: string | null;
  runnable: boolean;
  pulumi: boolean;
}
export interface Problem {
  file: string;
  line: number;
  message: string;
}
export interface Diagnostic {
  file: string;
  line: number;
  column: number;
  message: string;
  text: string;
}
export interface EmulatorLike {
  url: string;
  loggingUrl: string;
  apiKey: string;
}
export interface DocsCheck {
  REPO_ROOT: string;
  docFiles(root?: string): string[];
  extractBlocks(text: string, file: string): { blocks: Block[]; problems: Problem[] };
  collectBlocks(root?: string, files?: string[]): { blocks: Block[]; problems: Problem[] };
  checkLinks(root?: string, files?: string[]): Problem[];
  typeCheck(blocks: Block[]): { checked: number; ms: number; diagnostics: Diagnostic[] };
  goCheck(
    blocks: Block[],
    opts?: { sdkDir?: string; timeoutMs?: number },
  ): { available: boolean; checked: number; ms: number; diagnostics: Diagnostic[] };
  csharpCheck(
    blocks: Block[],
    opts?: { sdkDir?: string },
  ): { checked: number; ms: number; diagnostics: Diagnostic[] };
  pythonCheck(
    blocks: Block[],
    opts?: { sdkPackage?: string },
  ): {
    available: boolean;
    checked: number;
    ms: number;
    diagnostics: Diagnostic[];
  };
  runBlock(
    b: Block,
    emulator: EmulatorLike,
    opts?: { timeoutMs?: number },
  ): Promise<{ ok: boolean; ms: number; output: string; message: string; skipped?: string }>;
  forEmulator(code: string, url: string): string;
}

export const docs = require(
  path.join(__dirname, "..", "..", "scripts", "lib", "docs-check.js"),
) as DocsCheck;
