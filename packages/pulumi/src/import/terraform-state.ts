/**
 * Reads a Terraform state for `edgeplatform-import --from-terraform`: a state file as
 * Terraform writes it (`terraform.tfstate`, format version 4: `resources[]` with
 * `instances[]`) or the output of `terraform show -json` (`values.root_module`, with its
 * `child_modules`). Both give the same list of resource instances: address, mode, type,
 * provider and attributes. Pure: no I/O.
 */

/** One resource instance of a Terraform state. */
export interface TerraformInstance {
  /** Its address as `terraform state rm` takes it (`module.dns.bunnynet_dns_record.www["a"]`). */
  address: string;
  /** `managed` (a resource) or `data` (a data source). */
  mode: string;
  /** The resource type (`bunnynet_dns_record`). */
  type: string;
  /** The provider's source address (`registry.terraform.io/bunnyway/bunnynet`), when given. */
  provider: string;
  /** Its attributes as the state holds them. */
  attributes: Record<string, unknown>;
}

/** A file that is not a Terraform state this command reads. */
export class TerraformStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TerraformStateError";
  }
}

/** What a state must look like, said in every error. */
const EXPECTED =
  "expected a Terraform state: a terraform.tfstate file (JSON, format version 4) or the " +
  "output of `terraform show -json`";

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** `[0]` or `["key"]`: an instance key as an address writes it. */
export function indexSuffix(key: unknown): string {
  if (key === undefined || key === null) return "";
  return typeof key === "number" ? `[${key}]` : `[${JSON.stringify(String(key))}]`;
}

/** The provider's source address out of `provider["registry.terraform.io/a/b"].alias`. */
function providerSource(raw: unknown): string {
  if (typeof raw !== "string") return "";
  const m = /provider\["([^"]+)"\]/.exec(raw);
  return m ? m[1] : raw;
}

/** Format version 4 (`terraform.tfstate`). */
function fromStateFile(doc: Record<string, unknown>, file: string): TerraformInstance[] {
  if (!Array.isArray(doc.resources)) {
    throw new TerraformStateError(`${file}: has no "resources" list (${EXPECTED})`);
  }
  const out: TerraformInstance[] = [];
  doc.resources.forEach((r: unknown, i) => {
    const at = `${file}: resources[${i}]`;
    if (!isObject(r) || typeof r.type !== "string" || typeof r.name !== "string") {
      throw new TerraformStateError(`${at}: needs "type" and "name" strings (${EXPECTED})`);
    }
    const mode = typeof r.mode === "string" ? r.mode : "managed";
    if (!Array.isArray(r.instances)) {
      throw new TerraformStateError(`${at} (${r.type}.${r.name}): has no "instances" list`);
    }
    const base =
      (typeof r.module === "string" && r.module !== "" ? `${r.module}.` : "") +
      (mode === "data" ? "data." : "") +
      `${r.type}.${r.name}`;
    r.instances.forEach((inst: unknown, j) => {
      if (!isObject(inst) || !isObject(inst.attributes)) {
        throw new TerraformStateError(
          `${at}.instances[${j}] (${base}): has no "attributes" object (a state older than ` +
            `format version 4 stores "attributes_flat": ${EXPECTED})`,
        );
      }
      out.push({
        address: base + indexSuffix(inst.index_key),
        mode,
        type: r.type as string,
        provider: providerSource(r.provider),
        attributes: inst.attributes,
      });
    });
  });
  return out;
}

/** `terraform show -json`: the root module and its child modules, recursively. */
function fromShowJson(doc: Record<string, unknown>, file: string): TerraformInstance[] {
  if (doc.values === undefined || doc.values === null) return []; // an empty state
  if (!isObject(doc.values)) {
    throw new TerraformStateError(`${file}: "values" is not an object (${EXPECTED})`);
  }
  const out: TerraformInstance[] = [];
  const walk = (module: unknown, where: string): void => {
    if (module === undefined) return;
    if (!isObject(module)) throw new TerraformStateError(`${file}: ${where} is not an object`);
    const resources = module.resources ?? [];
    if (!Array.isArray(resources))
      throw new TerraformStateError(`${file}: ${where}.resources is not a list`);
    resources.forEach((r: unknown, i) => {
      const at = `${where}.resources[${i}]`;
      if (
        !isObject(r) ||
        typeof r.address !== "string" ||
        typeof r.type !== "string" ||
        !isObject(r.values)
      ) {
        throw new TerraformStateError(
          `${file}: ${at}: needs "address", "type" and a "values" object (${EXPECTED})`,
        );
      }
      out.push({
        address: r.address,
        mode: typeof r.mode === "string" ? r.mode : "managed",
        type: r.type,
        provider: providerSource(r.provider_name),
        attributes: r.values,
      });
    });
    const children = module.child_modules ?? [];
    if (!Array.isArray(children))
      throw new TerraformStateError(`${file}: ${where}.child_modules is not a list`);
    children.forEach((c, i) => walk(c, `${where}.child_modules[${i}]`));
  };
  walk(doc.values.root_module, "values.root_module");
  return out;
}

/**
 * The resource instances of a Terraform state (`text`, read from `file`, which names it in
 * errors). @throws TerraformStateError when it is not JSON, not a state, or a format version
 * this command does not read.
 */
export function parseTerraformState(text: string, file: string): TerraformInstance[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new TerraformStateError(`${file}: not JSON (${(e as Error).message}): ${EXPECTED}`);
  }
  if (!isObject(doc)) throw new TerraformStateError(`${file}: not a JSON object: ${EXPECTED}`);
  if (typeof doc.format_version === "string") {
    if (!/^1\./.test(doc.format_version)) {
      throw new TerraformStateError(
        `${file}: \`terraform show -json\` format_version ${JSON.stringify(doc.format_version)} ` +
          `is not one this command reads (allowed: 1.x)`,
      );
    }
    if (doc.planned_values !== undefined) {
      throw new TerraformStateError(
        `${file}: is a plan (\`terraform show -json\` of a plan file), not a state: ${EXPECTED}`,
      );
    }
    return fromShowJson(doc, file);
  }
  if (doc.version !== undefined) {
    if (doc.version !== 4) {
      throw new TerraformStateError(
        `${file}: state format version ${JSON.stringify(doc.version)} is not one this command ` +
          `reads (allowed: 4, written by Terraform 0.12 and later; \`terraform show -json\` ` +
          `output is read too)`,
      );
    }
    return fromStateFile(doc, file);
  }
  throw new TerraformStateError(`${file}: has neither "version" nor "format_version": ${EXPECTED}`);
}

/** `addr` for a shell command line: as it is when safe, else in single quotes. */
export function shellWord(addr: string): string {
  return /^[A-Za-z0-9_.-]+$/.test(addr) ? addr : `'${addr.replace(/'/g, `'\\''`)}'`;
}
