import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** Hosts the product embeds video players from (YouTube, Vimeo, VdoCipher); nothing else may be framed. */
export const videoFrameHosts = [
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://player.vdocipher.com',
];

/** The security headers' settings (helmet's vocabulary). */
export const securityHeaderOptions: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Mantine sets CSS variables and inline styles at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      mediaSrc: ["'self'", 'https:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: videoFrameHosts,
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  // Sent only over TLS (below): HSTS on a plain-HTTP answer is a promise the server cannot keep.
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet writes for these options, worked out once: none of them depends on the request, so there is
 * no reason to rebuild them (helmet's middleware does, on every request).
 */
export function computeSecurityHeaders(options: HelmetOptions = securityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failure: unknown;
  helmet(options)({} as never, response as never, (error?: unknown) => void (failure = error));
  if (failure) throw failure;
  return headers;
}

/** Security headers and a CSP on every answer, refused ones included; authenticated and API JSON is never cached. */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const headers = computeSecurityHeaders();
  const tlsHeaders = { ...headers, 'strict-transport-security': 'max-age=31536000; includeSubDomains' };
  app.addHook('onRequest', (request, reply, done) => {
    // https directly, or from a trusted proxy (TRUST_PROXY) that says so.
    reply.headers(request.protocol === 'https' ? tlsHeaders : headers);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
});
