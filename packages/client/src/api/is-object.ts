/** Whether `v` is a JSON object (not null, not an array): a body's or an answer's record. */
export const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
