// The hosts that play and hand out institute videos: Vimeo (download links) and VdoCipher (playback OTP). Each
// institute has its own credentials, kept in the server's configuration only (never sent to the browser). Without
// credentials a call answers the spec's messages instead; tests use a fake provider.
import type { VimeoLink } from '@campus/domain/media/media.contract';

export interface VideoProvider {
  /** A VdoCipher playback grant for one viewer; undefined when the host refuses. */
  otp?(videoId: string, viewer: { userId: number }): Promise<{ otp: string; playbackInfo: string } | undefined>;
  /** Vimeo download links; empty when there are none. */
  downloadLinks?(videoId: string): Promise<VimeoLink[]>;
}

/** The providers of one institute: absent when it has no credentials for that host. */
export interface InstituteVideoProviders {
  vimeo?: VideoProvider;
  vdocipher?: VideoProvider;
}

export type VideoProviders = (instituteId: number) => InstituteVideoProviders;

const timeoutMs = 8000;

/** Vimeo's API with an institute's access token. */
export function vimeoProvider(accessToken: string): VideoProvider {
  return {
    async downloadLinks(videoId) {
      const response = await fetch(`https://api.vimeo.com/videos/${encodeURIComponent(videoId)}?fields=download`, {
        headers: { authorization: `bearer ${accessToken}`, accept: 'application/vnd.vimeo.*+json;version=3.4' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) return [];
      const body = (await response.json()) as { download?: Partial<VimeoLink>[] };
      return (body.download ?? []).map((link) => ({
        width: Number(link.width ?? 0),
        height: Number(link.height ?? 0),
        link: String(link.link ?? ''),
        size_short: String(link.size_short ?? ''),
        size: Number(link.size ?? 0),
      }));
    },
  };
}

/** VdoCipher's API with an institute's API secret. */
export function vdocipherProvider(apiSecret: string): VideoProvider {
  return {
    async otp(videoId, viewer) {
      const response = await fetch(`https://dev.vdocipher.com/api/videos/${encodeURIComponent(videoId)}/otp`, {
        method: 'POST',
        headers: { authorization: `Apisecret ${apiSecret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ttl: 300, annotate: JSON.stringify([{ type: 'rtext', text: String(viewer.userId) }]) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) return undefined;
      const body = (await response.json()) as { otp?: string; playbackInfo?: string };
      return body.otp && body.playbackInfo ? { otp: body.otp, playbackInfo: body.playbackInfo } : undefined;
    },
  };
}

/**
 * Providers from `VIDEO_CREDENTIALS`: JSON keyed by institute id, each with optional `vimeoToken` and
 * `vdocipherSecret` (`{"2":{"vimeoToken":"…"}}`). Unset or empty: no institute has any.
 */
export function videoProvidersFromConfig(json: string | undefined): VideoProviders {
  const parsed = json ? (JSON.parse(json) as Record<string, { vimeoToken?: string; vdocipherSecret?: string }>) : {};
  const byInstitute = new Map<number, InstituteVideoProviders>();
  for (const [id, credentials] of Object.entries(parsed)) {
    byInstitute.set(Number(id), {
      ...(credentials.vimeoToken ? { vimeo: vimeoProvider(credentials.vimeoToken) } : {}),
      ...(credentials.vdocipherSecret ? { vdocipher: vdocipherProvider(credentials.vdocipherSecret) } : {}),
    });
  }
  return (instituteId) => byInstitute.get(instituteId) ?? {};
}
