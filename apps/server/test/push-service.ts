/**
 * A Web Push service on loopback, for the reminder tests (server and e2e): HTTPS (web-push speaks only
 * that) with a certificate made for 127.0.0.1, it checks each request's VAPID signature against the key
 * in its Authorization header and keeps what arrived; decryptPush reads a payload with the
 * subscription's own keys (RFC 8291, done here with node:crypto apart from the library that encrypts
 * it, so a fault in either shows). A path starting /push/gone answers 410, as for a dropped subscription.
 */
import { execFileSync } from "node:child_process";
import { createDecipheriv, createECDH, createPublicKey, type ECDH, hkdfSync, randomBytes, verify } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, createServer } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";

const b64u = (b: Buffer) => b.toString("base64url");

/** RFC 8291 (aes128gcm, one record): the plaintext, with the receiver's key pair and auth secret. */
export function decryptPush(body: Buffer, receiver: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const info = (label: string) => Buffer.from(`Content-Encoding: ${label}\0`);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), receiver.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync("sha256", receiver.computeSecret(senderKey), authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, info("aes128gcm"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, info("nonce"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString("utf8");
}

/** The VAPID claims of an Authorization header, once its ES256 signature checks out with its own key. */
export function verifiedVapid(header: string | undefined) {
  const m = header?.match(/^vapid t=([^,]+), k=(.+)$/);
  if (!m) throw new Error(`no VAPID authorization: ${header}`);
  const [h, p, s] = m[1]!.split(".");
  const point = Buffer.from(m[2]!, "base64url");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) },
    format: "jwk",
  });
  const ok = verify(
    "sha256",
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(s!, "base64url"),
  );
  if (!ok) throw new Error("VAPID signature does not verify");
  return {
    publicKey: m[2]!,
    header: JSON.parse(Buffer.from(h!, "base64url").toString()),
    claims: JSON.parse(Buffer.from(p!, "base64url").toString()),
  };
}

export interface Delivery {
  path: string;
  vapid: ReturnType<typeof verifiedVapid>;
  body: Buffer;
  encoding: string | undefined;
  ttl: string | undefined;
}

/** A browser's subscription to the push service: its key pair and auth secret stay here, to decrypt what arrives. */
export interface BrowserSubscription {
  ecdh: ECDH;
  auth: Buffer;
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export interface PushService {
  origin: string;
  /** Its certificate (PEM): a server process trusts it through NODE_EXTRA_CA_CERTS. */
  certFile: string;
  /** An agent trusting the certificate, for a sender in this process. */
  agent: Agent;
  deliveries: Delivery[];
  browser(name: string): BrowserSubscription;
  stop(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const certDir = mkdtempSync(join(tmpdir(), "push-cert-"));
  const certFile = join(certDir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      join(certDir, "key.pem"),
      "-out",
      certFile,
    ],
    { stdio: "ignore" },
  );
  const cert = readFileSync(certFile);
  const agent = new Agent({ ca: cert });
  const deliveries: Delivery[] = [];
  const server = createServer({ key: readFileSync(join(certDir, "key.pem")), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      try {
        deliveries.push({
          path: req.url!,
          vapid: verifiedVapid(req.headers.authorization),
          body: Buffer.concat(chunks),
          encoding: req.headers["content-encoding"],
          ttl: req.headers.ttl as string | undefined,
        });
        // A subscription the browser dropped.
        res.writeHead(req.url!.startsWith("/push/gone") ? 410 : 201).end();
      } catch (e) {
        res.writeHead(400).end((e as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `https://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    origin,
    certFile,
    agent,
    deliveries,
    browser(name) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      return {
        ecdh,
        auth,
        json: { endpoint: `${origin}/push/${name}`, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } },
      };
    },
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
      rmSync(certDir, { recursive: true, force: true });
    },
  };
}
