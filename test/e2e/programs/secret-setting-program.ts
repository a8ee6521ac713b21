/**
 * Inline program of the secret-setting e2e test (test/e2e/secret-setting.e2e.test.ts): one
 * ResponsePage whose kind lists the secret outputs the test generated from a declaration that
 * marks `html` secret, built on the settings resource base as every settings class is.
 */
import type * as pulumi from "@pulumi/pulumi";
import { ZoneSettingsResource } from "../../../packages/pulumi/dist/resources/public/zone-settings-resource";

/** Options of {@link program} (a type alias, so that it is a plain JSON record). */
export type SecretSettingProgramOptions = {
  /** The secret outputs of the generated public types (`RESPONSE_PAGE_SECRET_OUTPUTS`). */
  secretOutputs: string[];
  html: string;
};

/** A ResponsePage whose kind has the given secret outputs. */
class SecretPage extends ZoneSettingsResource<Record<string, unknown>> {
  declare readonly html: pulumi.Output<string | null>;
  constructor(name: string, args: Record<string, unknown>, secretOutputs: string[]) {
    const kind = {
      stub: "response-page" as const,
      type: "ResponsePage",
      noun: "the custom response page",
      outputs: ["html", "pageType"],
      secretOutputs,
      key: "pageType",
    };
    super(kind, name, args, undefined);
  }
}

/** The program: the page of shield zone 3's `block` type; exports its id. */
export function program(o: SecretSettingProgramOptions): Record<string, unknown> {
  const page = new SecretPage(
    "page",
    { shieldZoneId: 3, pageType: "block", html: o.html },
    o.secretOutputs,
  );
  return { id: page.id };
}
