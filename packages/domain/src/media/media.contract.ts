import { z } from 'zod';
import { bindContract } from '../shared/endpoint.ts';
import { mediaEndpoints } from './media.endpoints.ts';

const id = z.coerce.number<number | string>({ error: 'must be a whole number' }).int().positive();
const videoId = z
  .string({ error: 'must be a video id' })
  .trim()
  .min(1, 'must be a video id')
  .max(100, 'must be a video id')
  .regex(/^[\w-]+$/, 'must be a video id');

const countAnswerSchema = z.object({ status: z.string(), message: z.string() });

/** Answer of the video OTP call: otp and playbackInfo for the VdoCipher player, or a message without them. */
export const videoOtpAnswerSchema = z.object({
  otp: z.string().nullable(),
  playbackInfo: z.string().nullable(),
  message: z.string(),
  status: z.string(),
});
export type VideoOtpAnswer = z.infer<typeof videoOtpAnswerSchema>;

/** One Vimeo download link (spec part 1 §3). */
export const vimeoLinkSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  link: z.string(),
  size_short: z.string(),
  size: z.number(),
});
export type VimeoLink = z.infer<typeof vimeoLinkSchema>;

/** Request and answer schemas of each media endpoint. */
export const mediaSchemas = {
  downloadCount: {
    body: z.object({ file_id: id, institute_id: id }),
    answer: countAnswerSchema,
  },
  watchCount: {
    body: z.object({ video_id: videoId, institute_id: id }),
    answer: countAnswerSchema,
  },
  watchHistory: {
    body: z.object({
      video_id: videoId,
      watch_duration: z.coerce
        .number<number | string>({ error: 'watch_duration must be a number of seconds' })
        .min(0, 'watch_duration must be a number of seconds')
        .max(86_400, 'watch_duration must be at most a day'),
    }),
    answer: countAnswerSchema,
  },
  videoOtp: {
    query: z.object({ source: z.string().max(40).optional() }),
    body: z.object({ videoID: videoId, institute_id: id, user_id: id, file_id: id.optional() }),
    answer: videoOtpAnswerSchema,
  },
  vimeoLinks: {
    params: z.object({ videoID: videoId }),
    headers: z.object({ 'x-prod-inst-id': id }),
    answer: z.object({ result: z.array(vimeoLinkSchema) }),
  },
};

/** The media endpoints with their schemas, as the API registers them. */
export const mediaContract = bindContract(mediaEndpoints, mediaSchemas);
