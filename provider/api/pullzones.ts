/** Pull-zone API: name availability. */
import type { NameAvailability } from "../schema";
import type { EndpointDef, Transport } from "./transport";

/** Endpoint definitions of the pull-zone area. */
export const pullZonesEndpoints = {
  checkNameAvailability: {
    operation: "pullzones.checkNameAvailability",
    method: "POST",
    path: "/pullzone/checkavailability",
    // A read sent as POST: it changes nothing, so 5xx/reset/timeout retries are safe.
    idempotent: true,
  },
} as const satisfies Record<string, EndpointDef>;

/** Pull-zone area of the {@link Client}. */
export class PullZonesApi {
  /** @internal Use `client.pullzones`. */
  constructor(private readonly t: Transport) {}

  /** Checks whether a pull-zone name is free (POST `/pullzone/checkavailability`). */
  async checkNameAvailability(name: string): Promise<NameAvailability> {
    const res = await this.t.call<NameAvailability>(pullZonesEndpoints.checkNameAvailability, {
      body: { Name: name },
    });
    return res.data;
  }
}
