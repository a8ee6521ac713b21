/**
 * How many of the published Shield operations the client calls: every endpoint table the
 * client exports (`*Endpoints`) against the 65 operations of "Bunny Shield API" v1 (updated
 * 2026-07-31, transcribed in ./published-shield-operations.ts). A published operation without
 * a client endpoint fails the test and is named.
 */
import * as client from "../../packages/client/src";
import { PUBLISHED_SHIELD_OPERATIONS } from "./published-shield-operations";

/** `GET /shield/rate-limit/{id}` → `GET /shield/rate-limit/{}` (parameter names aside). */
const key = (method: string, path: string) => `${method} ${path.replace(/\{[^}]+\}/g, "{}")}`;

/** Every `{method, path}` of the client's exported endpoint tables. */
function clientOperations(): Set<string> {
  const out = new Set<string>();
  for (const [name, table] of Object.entries(client)) {
    if (!name.endsWith("Endpoints") || typeof table !== "object" || table === null) continue;
    for (const def of Object.values(table as Record<string, { method?: string; path?: string }>))
      if (def && typeof def.method === "string" && typeof def.path === "string")
        out.add(key(def.method, def.path));
  }
  return out;
}

test("the transcription lists the document's 65 operations, none twice", () => {
  const keys = PUBLISHED_SHIELD_OPERATIONS.map(([m, p]) => key(m, p));
  expect(keys).toHaveLength(65);
  expect(new Set(keys).size).toBe(65);
});

test("the client has a method for every published Shield operation (65 of 65)", () => {
  const have = clientOperations();
  const missing = PUBLISHED_SHIELD_OPERATIONS.filter(([m, p]) => !have.has(key(m, p))).map(
    ([m, p]) => `${m} ${p}`,
  );
  const covered = PUBLISHED_SHIELD_OPERATIONS.length - missing.length;
  // The figure, for the record (npx jest … --verbose shows it).
  console.log(`published Shield operations the client covers: ${covered} of 65`);
  expect(missing).toEqual([]);
});
