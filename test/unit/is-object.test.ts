/** The client's one test of a JSON object: a record, never null or an array. */
import { isObj } from "../../packages/client/src/api/is-object";

test.each([
  [{}, true],
  [{ Items: [] }, true],
  [[], false],
  [[{ a: 1 }], false],
  [null, false],
  [undefined, false],
  ["{}", false],
  [0, false],
])("isObj(%p) is %p", (v, expected) => {
  expect(isObj(v)).toBe(expected);
});
