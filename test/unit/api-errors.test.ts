import { inspect } from "util";
import {
  decodeErrorBody,
  EdgeApiError,
  findEmbeddedFailure,
  formatErrorMessage,
} from "../../packages/client/src/api/errors";

const where = {
  operation: "shield.updateRateLimit",
  method: "PATCH",
  path: "/shield/rate-limit/101",
};

describe("decodeErrorBody", () => {
  test("problem shape A", () => {
    const d = decodeErrorBody({
      type: "https://example.test/probs/not-found",
      title: "not_found.ratelimit",
      status: 404,
      detail: "The rate limit rule was not found",
      instance: "/shield/rate-limit/9",
    });
    expect(d).toEqual({
      errorKey: "not_found.ratelimit",
      detail: "The rate limit rule was not found",
      fieldErrors: [],
    });
  });

  test("problem shape B with field errors", () => {
    const d = decodeErrorBody({
      title: "validation_error",
      status: 400,
      detail: "One or more validation errors occurred",
      instance: "/mc/apps/app-1/volumes/v",
      errors: [
        { message: "must be detached", field: "volumeInstances[0]" },
        { message: "is required", field: "name" },
      ],
      id: "trace-1",
    });
    expect(d.errorKey).toBe("validation_error");
    expect(d.fieldErrors).toEqual([
      { field: "volumeInstances[0]", message: "must be detached" },
      { field: "name", message: "is required" },
    ]);
  });

  test("availability-check error", () => {
    expect(
      decodeErrorBody({ ErrorKey: "validation", Field: "Name", Message: "Name is required" }),
    ).toEqual({
      errorKey: "validation",
      detail: undefined,
      fieldErrors: [{ field: "Name", message: "Name is required" }],
    });
    expect(
      decodeErrorBody({ ErrorKey: "unauthorized", Field: "", Message: "Invalid AccessKey" }),
    ).toEqual({ errorKey: "unauthorized", detail: "Invalid AccessKey", fieldErrors: [] });
  });

  test("UnauthorizedResult", () => {
    expect(decodeErrorBody({ statusCode: 401 })).toEqual({ detail: undefined, fieldErrors: [] });
  });

  test("embedded GenericRequestResponse (top level and nested)", () => {
    expect(
      decodeErrorBody({
        statusCode: 404,
        success: false,
        message: "gone",
        errorKey: "not_found.x",
      }),
    ).toEqual({ errorKey: "not_found.x", detail: "gone", fieldErrors: [] });
    expect(
      decodeErrorBody({
        id: 0,
        errorResponse: { statusCode: 403, success: false, message: "no", errorKey: "forbidden.y" },
      }).errorKey,
    ).toBe("forbidden.y");
    expect(
      decodeErrorBody({ error: { success: false, errorKey: "bad", message: "m" } }).errorKey,
    ).toBe("bad");
  });

  test("logging error body", () => {
    const d = decodeErrorBody({
      error: {
        code: "invalid_request",
        message: "query parameter validation failed",
        details: [{ field: "limit", message: "must be <= 10000" }, "plain detail"],
      },
    });
    expect(d.errorKey).toBe("invalid_request");
    expect(d.detail).toBe("query parameter validation failed");
    expect(d.fieldErrors).toEqual([
      { field: "limit", message: "must be <= 10000" },
      { field: "", message: "plain detail" },
    ]);
  });

  test("empty and non-JSON bodies", () => {
    expect(decodeErrorBody(undefined)).toEqual({ fieldErrors: [] });
    expect(decodeErrorBody("")).toEqual({ fieldErrors: [] });
    expect(decodeErrorBody("<html>\n<b>Bad gateway</b></html>")).toEqual({
      detail: "<html> <b>Bad gateway</b></html>",
      fieldErrors: [],
    });
    expect(decodeErrorBody("x".repeat(1000)).detail!.length).toBeLessThan(310);
  });
});

describe("findEmbeddedFailure", () => {
  test("finds success:false in errorResponse, error or the top level", () => {
    expect(
      findEmbeddedFailure({ errorResponse: { success: false, errorKey: "a" } })?.errorKey,
    ).toBe("a");
    expect(findEmbeddedFailure({ error: { success: false, errorKey: "b" } })?.errorKey).toBe("b");
    expect(findEmbeddedFailure({ success: false, errorKey: "c" })?.errorKey).toBe("c");
  });
  test("ignores successful and absent results", () => {
    expect(findEmbeddedFailure({ id: 1, errorResponse: { success: true } })).toBeUndefined();
    expect(findEmbeddedFailure({ data: [], error: null })).toBeUndefined();
    expect(findEmbeddedFailure([1, 2])).toBeUndefined();
    expect(findEmbeddedFailure(undefined)).toBeUndefined();
  });
});

describe("EdgeApiError", () => {
  test("message names operation, method, path, status, key and field errors", () => {
    const e = new EdgeApiError({
      ...where,
      status: 400,
      errorKey: "validation_error",
      fieldErrors: [{ field: "ruleConfiguration.timeframe", message: "must be one of 1, 10, 60" }],
    });
    expect(e.message).toBe(
      "shield.updateRateLimit (PATCH /shield/rate-limit/101) failed: 400 validation_error: ruleConfiguration.timeframe: must be one of 1, 10, 60",
    );
    expect(e).toBeInstanceOf(Error);
    expect(e).toBeInstanceOf(EdgeApiError);
    expect(e.name).toBe("EdgeApiError");
    expect(e.isNotFound).toBe(false);
  });

  test("isNotFound for 404 and not_found keys (also inside a 2xx)", () => {
    expect(new EdgeApiError({ ...where, status: 404 }).isNotFound).toBe(true);
    expect(
      new EdgeApiError({
        ...where,
        status: 200,
        errorKey: "not_found_or_unauthorised_access.shieldzone",
      }).isNotFound,
    ).toBe(true);
    expect(new EdgeApiError({ ...where, status: 400, errorKey: "found" }).isNotFound).toBe(false);
  });

  test("network error message", () => {
    const e = new EdgeApiError({
      ...where,
      status: 0,
      code: "ECONNRESET",
      detail: "socket hang up",
      attempts: 3,
    });
    expect(e.message).toBe(
      "shield.updateRateLimit (PATCH /shield/rate-limit/101) failed: network error ECONNRESET (socket hang up) after 3 attempts",
    );
    expect(formatErrorMessage({ ...where, status: 503, attempts: 5 })).toBe(
      "shield.updateRateLimit (PATCH /shield/rate-limit/101) failed: 503 (after 5 attempts)",
    );
  });

  test("never contains the API key or the JWT: message, toJSON, inspect, body", () => {
    const key = "super-secret-access-key-123";
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.sig";
    const e = new EdgeApiError({
      ...where,
      status: 401,
      errorKey: "unauthorized",
      detail: `AccessKey ${key} is not valid; token ${jwt}`,
      fieldErrors: [{ field: "AccessKey", message: `bad key ${key}` }],
      body: { echoed: { headers: { AccessKey: key, Authorization: `Bearer ${jwt}` } } },
      secrets: [key, jwt],
    });
    const renderings = [
      e.message,
      String(e),
      e.stack ?? "",
      JSON.stringify(e),
      inspect(e, { depth: 10, showHidden: true }),
      JSON.stringify(e.body),
      JSON.stringify(e.withAttempts(2)),
    ];
    for (const r of renderings) {
      expect(r).not.toContain(key);
      expect(r).not.toContain(jwt);
    }
    expect(e.message).toContain("[redacted]");
    expect((e as unknown as { cause?: unknown }).cause).toBeUndefined();
  });
});

describe("not-found classification", () => {
  const base = { operation: "shield.getRateLimit", method: "GET", path: "/shield/rate-limit/1" };
  test("isNotFound: HTTP 404, embedded statusCode 404 (even without errorKey), not_found… key", () => {
    expect(new EdgeApiError({ ...base, status: 404 }).isNotFound).toBe(true);
    expect(
      new EdgeApiError({
        ...base,
        status: 200,
        body: { errorResponse: { statusCode: 404, success: false } },
      }).isNotFound,
    ).toBe(true);
    expect(
      new EdgeApiError({ ...base, status: 200, body: { statusCode: 404, message: "gone" } })
        .isNotFound,
    ).toBe(true);
    expect(new EdgeApiError({ ...base, status: 200, errorKey: "NOT_FOUND.rule" }).isNotFound).toBe(
      true,
    );
    expect(new EdgeApiError({ ...base, status: 403 }).isNotFound).toBe(false);
    expect(new EdgeApiError({ ...base, status: 500, errorKey: "found" }).isNotFound).toBe(false);
  });

  test("isAmbiguousNotFound: not_found_or_unauthorised_access… only", () => {
    const amb = new EdgeApiError({
      ...base,
      status: 200,
      errorKey: "Not_Found_Or_Unauthorised_Access.shieldzone",
    });
    expect(amb.isAmbiguousNotFound).toBe(true);
    expect(amb.isNotFound).toBe(true);
    expect(new EdgeApiError({ ...base, status: 404 }).isAmbiguousNotFound).toBe(false);
    expect(
      new EdgeApiError({ ...base, status: 200, errorKey: "not_found.rule" }).isAmbiguousNotFound,
    ).toBe(false);
  });

  test("an embedded statusCode 404 in a 2xx is a failure even without success:false", () => {
    expect(findEmbeddedFailure({ errorResponse: { statusCode: 404 } })).toBeDefined();
    expect(findEmbeddedFailure({ errorResponse: { statusCode: 200, success: true } })).toBe(
      undefined,
    );
  });
});
