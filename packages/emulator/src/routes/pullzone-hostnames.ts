/**
 * Hostnames of a pull zone and their certificates (published core API): add and remove a
 * hostname (one zone per hostname; the system hostname stays), force HTTPS, a free
 * certificate (`loadFreeCertificate`: a hostname under `.invalid` fails to validate and
 * stays, certificate-less, as on the platform; at once, or pending for the profile's
 * `freeCertificateMs` and then issued or failed), a certificate of one's own (PEM, or base64 of
 * PEM; the key is kept, never answered), its key type, and the external DNS-01 and HTTP-01
 * validations (request, then complete). Answers 204 unless the document declares a body.
 */
import { randomBytes } from "crypto";
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { isHostname, isPem, type FieldFailure } from "../pullzone-validation";
import { hostnameRecord, type Json, type PullZoneRecord } from "../state-pullzone";
import { bodyRoute, pullZoneParts, queryRoute, zoneRoute } from "./pullzone-parts";

type ZoneWrite = { Params: { id: number }; Body: Json };

/** Registers the hostname and certificate routes. */
export function registerPullZoneHostnameRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { invalid, withZone, saved, byHostname } = pullZoneParts(ctx);
  const ids = () => ctx.store.state.nextIds as { hostname: number };
  /** Hostnames whose external validation was requested: `dns` or `http`. */
  const requested = new Map<string, "dns" | "http">();
  const unvalidated: FieldFailure = {
    field: "hostname",
    message: "the domain could not be validated for a certificate",
  };
  const notOf = (field = "Hostname"): FieldFailure => ({
    field,
    message: "is not a hostname of this pull zone",
  });

  app.post<ZoneWrite>(
    "/pullzone/:id/addHostname",
    zoneRoute("AddHostnameRequestModel"),
    withZone(async (z, req, reply) => {
      const v = String(req.body.Hostname).toLowerCase().replace(/\.$/, "");
      if (!isHostname(v))
        return invalid(reply, req.url, [{ field: "Hostname", message: "must be a hostname" }]);
      if (byHostname(v))
        return invalid(reply, req.url, [{ field: "Hostname", message: `${v} is already taken` }]);
      z.model.Hostnames.push(hostnameRecord(ids().hostname++, v));
      return saved(reply);
    }),
  );

  /**
   * A write to the hostname of zone `:id` its body names (`Hostname`; refused when the zone
   * has no such hostname): `change` returns what it refuses, or nothing when it is done.
   */
  const onHostname = (
    method: "POST" | "DELETE",
    operation: string,
    shape: string,
    change: (h: Json, body: Json, zone: PullZoneRecord) => FieldFailure[] | void,
    status = 204,
  ) =>
    app.route<ZoneWrite>({
      method,
      url: `/pullzone/:id/${operation}`,
      ...zoneRoute(shape),
      handler: withZone(async (z, req, reply) => {
        const name = String(req.body.Hostname).toLowerCase().replace(/\.$/, "");
        const h = z.model.Hostnames.find((x) => x.Value === name);
        if (!h) return invalid(reply, req.url, [notOf()]);
        const refused = change(h, req.body, z.model);
        return refused?.length ? invalid(reply, req.url, refused) : saved(reply, status);
      }),
    });

  onHostname("DELETE", "removeHostname", "RemoveHostnameRequestModel", (h, _b, zone) => {
    if (h.IsSystemHostname)
      return [{ field: "Hostname", message: "the system hostname cannot be removed" }];
    zone.Hostnames = zone.Hostnames.filter((x) => x !== h);
  });

  onHostname("POST", "setForceSSL", "ForceSSLRequestModel", (h, b) => {
    h.ForceSSL = b.ForceSSL === true;
  });

  onHostname("POST", "addCertificate", "AddCertificateRequestModel", (h, b) => {
    const failures: FieldFailure[] = [];
    if (!isPem(b.Certificate, "CERTIFICATE"))
      failures.push({ field: "Certificate", message: "must be PEM text or base64 of it" });
    if (!isPem(b.CertificateKey, "PRIVATE KEY"))
      failures.push({ field: "CertificateKey", message: "must be PEM text or base64 of it" });
    if (failures.length) return failures;
    const cert = { Certificate: b.Certificate, CertificateKey: b.CertificateKey };
    Object.assign(h, { HasCertificate: true, ...cert, CertificateProvisionType: 3 });
  });

  onHostname("DELETE", "removeCertificate", "RemoveCertificateRequestModel", (h) => {
    const none = { Certificate: null, CertificateKey: null, CertificateProvisionType: 0 };
    Object.assign(h, { HasCertificate: false, ...none });
  });

  onHostname(
    "POST",
    "updatePrivateKeyType",
    "PrivateKeyUpdateModel",
    (h, b) => void (h.CertificateKeyType = b.KeyType),
    200,
  );

  app.get<{ Querystring: { hostname: string; useOnlyHttp01?: boolean } }>(
    "/pullzone/loadFreeCertificate",
    queryRoute("PullZonePublic_LoadFreeCertificate"),
    async (req, reply) => {
      const found = byHostname(String(req.query.hostname ?? ""), req);
      if (!found) return invalid(reply, req.url, [notOf("hostname")]);
      const h = found.hostname;
      const fails = h.Value.endsWith(".invalid");
      const provision = req.query.useOnlyHttp01 === false ? 2 : 1;
      const ms = ctx.profile.freeCertificateMs;
      if (ms === 0) {
        if (fails) return invalid(reply, req.url, [unvalidated]);
        Object.assign(h, { HasCertificate: true, CertificateProvisionType: provision });
        return saved(reply, 200);
      }
      // Pending: the validation's provision type without a certificate, settled after `ms`.
      Object.assign(h, { HasCertificate: false, CertificateProvisionType: provision });
      ctx.pending.schedule(ms, () => {
        // The zone's record as it is then (a rewrite may have replaced it; gone: nothing).
        const now = byHostname(h.Value)?.hostname;
        if (!now) return;
        const issued = { HasCertificate: true, CertificateProvisionType: provision };
        Object.assign(now, fails ? { HasCertificate: false, CertificateProvisionType: 0 } : issued);
        ctx.store.commit();
      });
      return saved(reply, 200);
    },
  );

  for (const kind of ["Dns", "Http"] as const) {
    const mode = kind === "Dns" ? "dns" : "http";
    const shape = `External${kind}CertificateRequest`;
    app.post<{ Body: { Hostname: string } }>(
      `/pullzone/requestExternal${kind}Certificate`,
      bodyRoute(shape),
      async (req, reply) => {
        const found = byHostname(req.body.Hostname, req);
        if (!found) return invalid(reply, req.url, [notOf()]);
        const v = found.hostname.Value;
        requested.set(v, mode);
        const token = randomBytes(16).toString("hex");
        return mode === "dns"
          ? {
              Hostname: v,
              RecordName: `_acme-challenge.${v}`,
              RecordType: "TXT",
              RecordValue: token,
            }
          : { Hostname: v, Url: `http://${v}/.well-known/acme-challenge/${token}`, Content: token };
      },
    );
    app.post<{ Body: { Hostname: string } }>(
      `/pullzone/completeExternal${kind}Certificate`,
      bodyRoute(shape),
      async (req, reply) => {
        const found = byHostname(req.body.Hostname, req);
        if (!found || requested.get(found.hostname.Value) !== mode)
          return invalid(reply, req.url, [
            { field: "Hostname", message: `no external ${mode} validation was requested for it` },
          ]);
        requested.delete(found.hostname.Value);
        Object.assign(found.hostname, {
          HasCertificate: true,
          CertificateProvisionType: mode === "dns" ? 2 : 1,
        });
        return saved(reply, 200);
      },
    );
  }
}
