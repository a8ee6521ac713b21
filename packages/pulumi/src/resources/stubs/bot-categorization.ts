/**
 * The serialized provider of `BotCategorization` as a module of its own (package export
 * `pulumi-edgeplatform/stubs/bot-categorization`): when the package is installed under `node_modules`,
 * Pulumi serializes a module's exports as `require("pulumi-edgeplatform/stubs/bot-categorization")`.
 * See `../core/serialized-provider.ts`. Its methods load it through `../core/host`.
 */
import { forwarding } from "./forwarding";

export = forwarding("botCategorization");
