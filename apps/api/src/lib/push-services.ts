// Which addresses a Web Push subscription may name (issue 31). The server posts to a subscription's endpoint, so an
// endpoint is a way to make it call an address of the sender's choosing: only the browsers' push services are
// allowed, over HTTPS. Tests add their loopback endpoint.

/** The push services of Chrome and Android, Firefox, Safari and Edge. */
export const knownPushServices = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

/**
 * Whether `endpoint` is an address of one of `services`: host names, `*.` for any subdomain, or a full origin
 * (`http://127.0.0.1:4567`, tests) matched exactly. A bare host must be reached over HTTPS on its default port.
 */
export function isPushService(endpoint: string, services: readonly string[] = knownPushServices): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return services.some((service) => {
    if (service.includes('://')) return url.origin === new URL(service).origin;
    if (url.protocol !== 'https:' || url.port) return false;
    return service.startsWith('*.') ? url.hostname.endsWith(service.slice(1)) : url.hostname === service;
  });
}
