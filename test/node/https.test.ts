/**
 * Direct HTTPS, as every real account uses it: a plain `node` child process calls an HTTPS
 * server this file starts on 127.0.0.1 (a self-signed certificate from test/support/tls,
 * trusted through NODE_EXTRA_CA_CERTS). The calls go through Node's own `https` with one
 * keep-alive connection, undici is not loaded, and the script ends by itself. An untrusted
 * certificate fails the call with a network error that names the cause.
 */
import fs from "fs";
import https from "https";
import type { AddressInfo, Socket } from "net";
import path from "path";
import { runNode, type ChildRun } from "../support/node-child";

const TLS = path.join(__dirname, "..", "support", "tls");
const SCRIPT = path.join(__dirname, "scripts", "https-direct.js");
const KEY = "https-test-key-0000";

let server: https.Server;
let url: string;
const connections: Socket[] = [];
const paths: string[] = [];

beforeAll(async () => {
  server = https.createServer(
    {
      key: fs.readFileSync(path.join(TLS, "key.pem")),
      cert: fs.readFileSync(path.join(TLS, "cert.pem")),
    },
    (req, res) => {
      paths.push(`${req.method} ${req.url} ${req.headers.accesskey === KEY ? "key ok" : "no key"}`);
      req.resume();
      req.on("end", () => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ Available: true }));
      });
    },
  );
  server.on("secureConnection", (s) => connections.push(s));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  connections.length = 0;
  paths.length = 0;
});

function run(env: Record<string, string>): Promise<ChildRun> {
  return runNode(
    SCRIPT,
    [],
    { EDGE_API_KEY: KEY, EDGE_BASE_URL: url, ...env },
    { limitMs: 20_000 },
  );
}

test("three calls over one keep-alive TLS connection, no undici, the script ends", async () => {
  const r = await run({ NODE_EXTRA_CA_CERTS: path.join(TLS, "cert.pem") });
  expect(r.stdout).toBe(
    "a available true\nb available true\nc available true\nundici not loaded\n",
  );
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  expect(paths).toEqual(Array(3).fill("POST /pullzone/checkavailability key ok"));
  expect(connections).toHaveLength(1);
});

test("an untrusted certificate: the call fails with a network error naming the cause", async () => {
  const r = await run({});
  expect(r.code).toBe(1);
  expect(r.stdout).toMatch(/^error: SELF_SIGNED_CERT_IN_CHAIN|^error: DEPTH_ZERO_SELF_SIGNED_CERT/);
  expect(r.stdout).toMatch(/self[- ]signed certificate/);
  expect(r.stdout + r.stderr).not.toContain(KEY);
  expect(paths).toEqual([]);
});
