/**
 * The words of a skipped read that several collection kinds share (one listing serves custom
 * and managed access lists): the CLI's warning names them together.
 */
import { together } from "../../packages/pulumi/src/import/cli";

test("kinds that share a listing are named together, their common noun once", () => {
  expect(together(["custom access lists", "managed access lists"])).toBe(
    "custom and managed access lists",
  );
});

test("one kind keeps its words; kinds with no common noun are joined with and", () => {
  expect(together(["custom WAF rules"])).toBe("custom WAF rules");
  expect(together(["bot detection", "response pages"])).toBe("bot detection and response pages");
});
