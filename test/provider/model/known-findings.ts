/**
 * Provider bugs the model test found and reported (each with its focused reproduction in
 * test/provider/model-findings.test.ts, marked KNOWN PROVIDER BUG). The command generators
 * that reach them stay out of a run unless `MODEL_KNOWN_FINDINGS=1`, so that a run looks for
 * new findings; set it to see whether a fix holds (`MODEL_KNOWN_FINDINGS=1 npm run fuzz`).
 */

/** Whether the generators that reach a known provider bug run. */
export const KNOWN_FINDINGS = process.env.MODEL_KNOWN_FINDINGS === "1";
