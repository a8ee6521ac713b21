/**
 * The engine's address among a provider process's arguments: the engine puts flags of its own
 * before it when the CLI runs with `--logflow`, `-v` or `--tracing` (measured with 3.248: a
 * plugin wrapped to record its arguments), and the plugin must still find it.
 */
import { engineAddressOf } from "../../packages/pulumi/src/resources/core/engine-log";

test.each([
  [["127.0.0.1:45123"], "127.0.0.1:45123"],
  [["--logtostderr", "-v=3", "127.0.0.1:45123"], "127.0.0.1:45123"],
  [["--tracing", "tcp://127.0.0.1:9411", "127.0.0.1:45123"], "127.0.0.1:45123"],
  [["--logtostderr", "-v=9", "--tracing", "file:/tmp/t.json", "127.0.0.1:1"], "127.0.0.1:1"],
  [[], undefined],
  [["--logtostderr", "-v=3"], undefined],
])("%j → %s", (args, address) => {
  expect(engineAddressOf(args)).toBe(address);
});
