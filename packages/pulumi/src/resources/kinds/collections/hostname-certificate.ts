/**
 * A hostname's certificate written: a custom one (PEM certificate and key; the key is a secret
 * and never put in a message), none (removed), or a free one, which the platform issues
 * asynchronously: after the request, the zone's hostname is read back until it has its
 * certificate (issued), its validation ended without one (failed: the provision type went back
 * to `Unknown` after a pending read), or the wait's bound (`timeoutSeconds`, default
 * {@link DEFAULT_FREE_TIMEOUT_S}) passed. While it waits, a status line under the resource says
 * so ("waiting for the free certificate of www.example.com: pending, 10 s").
 */
import { getClient } from "../../core/settings";
import { logLine, seconds } from "../../core/engine-log";
import { messageOf } from "../../core/common";
import { hostnameIn, type WireHostname } from "./hostname-wire";

/** How long a create or update waits for a free certificate by default (seconds). */
export const DEFAULT_FREE_TIMEOUT_S = 120;

/** The wait's pace: a read every `pollMs`, a status line every `statusEveryMs`. */
export const certificateTiming = { pollMs: 1_000, statusEveryMs: 10_000 };

/** A free certificate that was not issued: `reason` says why (never a secret). */
export class CertificateFailed extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

const api = () => getClient().pullzones;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Hostname `value` of zone `zone` as read now (a fresh read), or undefined when it is gone. */
async function readHostname(zone: number, value: string): Promise<WireHostname | undefined> {
  return hostnameIn(await api().get(zone), value);
}

/**
 * Reads hostname `value` of zone `zone` until it has its certificate.
 * @throws CertificateFailed when its validation ended without one or `timeoutS` passed.
 */
export async function waitForFreeCertificate(
  zone: number,
  value: string,
  timeoutS: number,
): Promise<void> {
  const start = Date.now();
  let sawPending = false;
  let toldAt = -Infinity;
  for (;;) {
    const h = await readHostname(zone, value);
    if (!h) throw new CertificateFailed(`the hostname is no longer in pull zone ${zone}`);
    if (h.HasCertificate === true) return;
    if ((h.CertificateProvisionType ?? 0) !== 0) sawPending = true;
    else if (sawPending) {
      throw new CertificateFailed(
        "the platform could not validate the domain (its certificate request ended without a " +
          "certificate; the domain's DNS must point at the pull zone)",
      );
    }
    const waited = Date.now() - start;
    if (waited >= timeoutS * 1_000) {
      throw new CertificateFailed(`no certificate after ${timeoutS} s (still pending)`);
    }
    if (waited - toldAt >= certificateTiming.statusEveryMs) {
      toldAt = waited;
      void logLine(`waiting for the free certificate of ${value}: pending, ${seconds(waited)}`, {
        ephemeral: true,
      });
    }
    await sleep(Math.min(certificateTiming.pollMs, timeoutS * 1_000 - waited));
  }
}

/**
 * Writes certificate `cert` (the engine's form; null: none) of hostname `value` of zone `zone`:
 * a free one is requested and waited for.
 * @throws CertificateFailed when a free certificate is not issued.
 */
export async function writeCertificate(
  zone: number,
  value: string,
  cert: Record<string, unknown> | null,
): Promise<void> {
  if (cert === null) return api().removeCertificate(zone, value);
  if (cert.type === "custom") {
    return api().addCertificate(zone, {
      Hostname: value,
      Certificate: String(cert.certificate),
      CertificateKey: String(cert.privateKey),
    });
  }
  try {
    await api().loadFreeCertificate(value);
  } catch (e) {
    throw new CertificateFailed(`the platform refused the request: ${messageOf(e)}`);
  }
  const t = typeof cert.timeoutSeconds === "number" ? cert.timeoutSeconds : DEFAULT_FREE_TIMEOUT_S;
  await waitForFreeCertificate(zone, value, t);
}
