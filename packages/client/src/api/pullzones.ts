/** Pull-zone API: name availability. */
import type { NameAvailability } from "../spec";
import type { EndpointDef, Caller, RequestOptions } from "./transport";

/** Answer of {@link PullZonesApi.checkNameAvailability}: `Available` undefined = unknown. */
export interface NameAvailabilityAnswer extends Omit<NameAvailability, "Available"> {
  /** Whether the name is free; `undefined` when the platform's answer did not say. */
  Available: boolean | undefined;
}

/** Endpoint definitions of the pull-zone area. */
export const pullZonesEndpoints = {
  checkNameAvailability: {
    operation: "pullzones.checkNameAvailability",
    method: "POST",
    path: "/pullzone/checkavailability",
    // A read sent as POST: it changes nothing, so 5xx/reset/timeout retries are safe.
    idempotent: true,
    // The published spec gives the 200 no body: an empty answer means "unknown".
    allowEmpty: true,
  },
} as const satisfies Record<string, EndpointDef>;

/** Pull-zone area of the {@link Client}. */
export class PullZonesApi {
  /** @internal Use `client.pullzones`. */
  constructor(private readonly t: Caller) {}

  /**
   * Checks whether a pull-zone name is free (POST `/pullzone/checkavailability`).
   * `Available` is `undefined` when the platform did not say: an empty 200 (the published
   * spec defines no body for it) or a body without a boolean `Available`.
   */
  async checkNameAvailability(
    name: string,
    opts?: RequestOptions,
  ): Promise<NameAvailabilityAnswer> {
    const res = await this.t.call<unknown>(
      pullZonesEndpoints.checkNameAvailability,
      { body: { Name: name } },
      opts,
    );
    const body = res.data;
    const available =
      body && typeof body === "object" ? (body as { Available?: unknown }).Available : undefined;
    return { Available: typeof available === "boolean" ? available : undefined };
  }
}
