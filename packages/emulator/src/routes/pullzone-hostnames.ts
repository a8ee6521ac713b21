/**
 * Hostnames of a pull zone and their certificates (published core API): add and remove a
 * hostname (one zone per hostname; the system hostname stays), force HTTPS, a free
 * certificate (`loadFreeCertificate`: a hostname under `.invalid` fails to validate and
 * stays, certificate-less, as on the platform), a certificate of one's own (PEM, or base64 of
 * PEM; the key is kept, never answered), its key type, and the external DNS-01 and HTTP-01
 * validations (request, then complete). Answers 204 unless the document declares a body.
 */
import { randomBytes } from "crypto";
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { isHostname, isPem, type FieldFailure } from "../pullzone-validation";
import { hostnameRecord, type Json } from "../state-pullzone";
import { bodyRoute, pullZoneParts, queryRoute, zoneRoute } from "./pullzone-parts";

type ZoneWrite = { Params: { id: number }; Body: Json };

/** Registers the hostname and certificate routes. */
export function registerPullZoneHostnameRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { invalid, withZone, byHostname } = pullZoneParts(ctx);
  const ids = () => ctx.store.state.nextIds as { hostname: number };
  /** Hostnames whose external validation was requested: `dns` or `http`. */
  const requested = new Map<string, "dns" | "http">();
  const notOf = (field = "Hostname"): FieldFailure => ({
    field,
    message: "is not a hostname of this pull zone",
  });
  const done = (reply: { code(n: number): { send(): unknown } }) => {
    ctx.store.commit();
    return reply.code(204).send();
  };

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
      return done(reply);
    }),
  );

  /** The hostname of zone `z` a body names, or the answer refusing it. */
  const hostnameOf = (z: { model: { Hostnames: Json[] } }, body: Json) =>
    z.model.Hostnames.find(
      (h) => h.Value === String(body.Hostname).toLowerCase().replace(/\.$/, ""),
    );

  app.delete<ZoneWrite>(
    "/pullzone/:id/removeHostname",
    zoneRoute("RemoveHostnameRequestModel"),
    withZone(async (z, req, reply) => {
      const h = hostnameOf(z, req.body);
      if (!h) return invalid(reply, req.url, [notOf()]);
      if (h.IsSystemHostname)
        return invalid(reply, req.url, [
          { field: "Hostname", message: "the system hostname cannot be removed" },
        ]);
      z.model.Hostnames = z.model.Hostnames.filter((x) => x !== h);
      return done(reply);
    }),
  );

  app.post<ZoneWrite>(
    "/pullzone/:id/setForceSSL",
    zoneRoute("ForceSSLRequestModel"),
    withZone(async (z, req, reply) => {
      const h = hostnameOf(z, req.body);
      if (!h) return invalid(reply, req.url, [notOf()]);
      h.ForceSSL = req.body.ForceSSL === true;
      return done(reply);
    }),
  );

  app.get<{ Querystring: { hostname: string; useOnlyHttp01?: boolean } }>(
    "/pullzone/loadFreeCertificate",
    queryRoute("PullZonePublic_LoadFreeCertificate"),
    async (req, reply) => {
      const found = byHostname(String(req.query.hostname ?? ""));
      if (!found) return invalid(reply, req.url, [notOf("hostname")]);
      if (found.hostname.Value.endsWith(".invalid"))
        return invalid(reply, req.url, [
          { field: "hostname", message: "the domain could not be validated for a certificate" },
        ]);
      Object.assign(found.hostname, {
        HasCertificate: true,
        CertificateProvisionType: req.query.useOnlyHttp01 === false ? 2 : 1,
      });
      ctx.store.commit();
      return reply.code(200).send();
    },
  );

  app.post<ZoneWrite>(
    "/pullzone/:id/addCertificate",
    zoneRoute("AddCertificateRequestModel"),
    withZone(async (z, req, reply) => {
      const h = hostnameOf(z, req.body);
      const failures: FieldFailure[] = h ? [] : [notOf()];
      if (!isPem(req.body.Certificate, "CERTIFICATE"))
        failures.push({ field: "Certificate", message: "must be PEM text or base64 of it" });
      if (!isPem(req.body.CertificateKey, "PRIVATE KEY"))
        failures.push({ field: "CertificateKey", message: "must be PEM text or base64 of it" });
      if (failures.length || !h) return invalid(reply, req.url, failures);
      Object.assign(h, {
        HasCertificate: true,
        Certificate: req.body.Certificate,
        CertificateKey: req.body.CertificateKey,
        CertificateProvisionType: 3,
      });
      return done(reply);
    }),
  );

  app.delete<ZoneWrite>(
    "/pullzone/:id/removeCertificate",
    zoneRoute("RemoveCertificateRequestModel"),
    withZone(async (z, req, reply) => {
      const h = hostnameOf(z, req.body);
      if (!h) return invalid(reply, req.url, [notOf()]);
      Object.assign(h, {
        HasCertificate: false,
        Certificate: null,
        CertificateKey: null,
        CertificateProvisionType: 0,
      });
      return done(reply);
    }),
  );

  app.post<ZoneWrite>(
    "/pullzone/:id/updatePrivateKeyType",
    zoneRoute("PrivateKeyUpdateModel"),
    withZone(async (z, req, reply) => {
      const h = hostnameOf(z, req.body);
      if (!h) return invalid(reply, req.url, [notOf()]);
      h.CertificateKeyType = req.body.KeyType;
      ctx.store.commit();
      return reply.code(200).send();
    }),
  );

  for (const kind of ["Dns", "Http"] as const) {
    const mode = kind === "Dns" ? "dns" : "http";
    const shape = `External${kind}CertificateRequest`;
    app.post<{ Body: { Hostname: string } }>(
      `/pullzone/requestExternal${kind}Certificate`,
      bodyRoute(shape),
      async (req, reply) => {
        const found = byHostname(req.body.Hostname);
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
        const found = byHostname(req.body.Hostname);
        if (!found || requested.get(found.hostname.Value) !== mode)
          return invalid(reply, req.url, [
            { field: "Hostname", message: `no external ${mode} validation was requested for it` },
          ]);
        requested.delete(found.hostname.Value);
        Object.assign(found.hostname, {
          HasCertificate: true,
          CertificateProvisionType: mode === "dns" ? 2 : 1,
        });
        ctx.store.commit();
        return reply.code(200).send();
      },
    );
  }
}
