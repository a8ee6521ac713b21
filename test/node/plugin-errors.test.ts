/**
 * What the native plugin answers when an operation fails: a create that made an object but
 * could not finish (`PartialCreateError`) carries `ErrorResourceInitFailed` with the object's id
 * and state, so that the engine records the object instead of forgetting it; other errors are a
 * plain message with every known secret removed.
 */
import path from "path";
import { grpcError } from "../../packages/pulumi/src/plugin/server";
import { PartialCreateError } from "../../packages/pulumi/src/resources/core/zone-objects/recovery";

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;
const sdkDir = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
const fromSdk = (id: string): Any => require(require.resolve(id, { paths: [sdkDir] }));
const pb = require("@pulumi/pulumi/proto/provider_pb");
const statusPb = require("@pulumi/pulumi/proto/status_pb");

test("a partial create carries the id and the state (ErrorResourceInitFailed)", () => {
  const err = grpcError(
    new PartialCreateError("rule 7 accepted (202) but not readable", 7, {
      ruleId: 7,
      shieldZoneId: 1,
    }),
  );
  expect(err.message).toContain("rule 7 accepted (202) but not readable");
  const [bin] = err.metadata.get("grpc-status-details-bin") as Buffer[];
  expect(bin).toBeDefined();
  const status = statusPb.Status.deserializeBinary(new Uint8Array(bin));
  const [detail] = status.getDetailsList();
  expect(detail.getTypeName()).toBe("pulumirpc.ErrorResourceInitFailed");
  const init = pb.ErrorResourceInitFailed.deserializeBinary(detail.getValue_asU8());
  expect(init.getId()).toBe("7");
  expect(init.getProperties().toJavaScript()).toEqual({ ruleId: 7, shieldZoneId: 1 });
  expect(init.getReasonsList()).toEqual(["rule 7 accepted (202) but not readable"]);
  expect(fromSdk("@grpc/grpc-js").status.UNKNOWN).toBe(err.code);
});

test("another error is its message alone", () => {
  const err = grpcError(new Error("edgeplatform RateLimitRule 7: read failed: 500"));
  expect(err.message).toBe("edgeplatform RateLimitRule 7: read failed: 500");
  expect(err.metadata.get("grpc-status-details-bin")).toEqual([]);
});
